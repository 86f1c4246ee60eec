import Foundation
import VozTestSupport

/// A generated description before it is written: JSON text for the JSON targets, block YAML (with anchors, aliases
/// and tags sprinkled in) for the YAML one.
indirect enum SpecTree {
    /// Written as is: a number, `true`, `null`, or any token.
    case raw(String)
    case string(String)
    case array([SpecTree])
    case object([(String, SpecTree)])

    // MARK: - JSON

    var json: String {
        switch self {
        case .raw(let text): return text
        case .string(let text): return Self.quoted(text)
        case .array(let items): return "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quoted($0.0) + ":" + $0.1.json }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string; escapes already in `text` (`\ud800`, `\u0000`) are kept, so they reach the parser. Controls
    /// are escaped too: YAML refuses a whole document for one raw control (mutations still put them in raw).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: - YAML

    /// Block YAML; now and then a node gets an anchor, a later node becomes an alias to it, or a scalar a tag.
    func yaml(_ random: inout SeededGenerator) -> String {
        var anchors: [String] = []
        var out = ""
        writeYAML(into: &out, indent: 0, inList: false, anchors: &anchors, &random)
        return out
    }

    private static let tags = [
        "!!str", "!!int", "!!float", "!!bool", "!!null", "!!binary", "!!timestamp", "!custom", "!<tag:x,2000:y>",
        "!!map", "!!seq", "!", "!!set", "!!omap",
    ]

    private func writeYAML(
        into out: inout String, indent: Int, inList: Bool, anchors: inout [String], _ random: inout SeededGenerator
    ) {
        let pad = String(repeating: " ", count: indent)
        switch self {
        case .raw, .string:
            var prefix = ""
            if random.chance(1, in: 30) { prefix += random.pick(Self.tags) + " " }
            if random.chance(1, in: 200), !anchors.isEmpty {
                out += " *" + random.pick(anchors) + "\n"
                return
            }
            if random.chance(1, in: 30) {
                let name = "a\(anchors.count)"
                anchors.append(name)
                prefix += "&\(name) "
            }
            out += " " + prefix + (isRawYAML ? scalarText : Self.quoted(scalarText)) + "\n"
        case .array(let items):
            guard !items.isEmpty else { return out += " []\n" }
            let name = anchor(&random)
            out += name.map { " &" + $0 } ?? ""
            out += "\n"
            for item in items {
                out += pad + "-"
                item.writeYAML(into: &out, indent: indent + 2, inList: true, anchors: &anchors, &random)
            }
            // Named once complete: an alias inside its own anchor is the alias bombs' business.
            if let name { anchors.append(name) }
        case .object(let members):
            guard !members.isEmpty else { return out += " {}\n" }
            let name = anchor(&random)
            out += name.map { " &" + $0 } ?? ""
            out += "\n"
            if random.chance(1, in: 200), !anchors.isEmpty { out += pad + "<<: *" + random.pick(anchors) + "\n" }
            for (key, value) in members {
                out += pad + Self.quoted(key) + ":"
                value.writeYAML(into: &out, indent: indent + 2, inList: false, anchors: &anchors, &random)
            }
            if let name { anchors.append(name) }
        }
    }

    private func anchor(_ random: inout SeededGenerator) -> String? {
        random.chance(1, in: 12) ? "n\(UInt32.random(in: 0...UInt32.max, using: &random))" : nil
    }

    private var isRawYAML: Bool { if case .raw = self { return true } else { return false } }

    private var scalarText: String {
        switch self {
        case .raw(let text), .string(let text): return text
        default: return ""
        }
    }
}
