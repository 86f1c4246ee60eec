import Foundation
import VozTestSupport

/// Makes input `index` of a run: half the time a mutation of one of the project's own inputs, otherwise a
/// structure built for the target (deep nesting, huge numbers, lone surrogates, NUL, invalid UTF-8, long strings,
/// escape sequences). The same seed and index always give the same bytes.
public enum FuzzInputs {
    public static func target(index: Int) -> FuzzTarget {
        FuzzTarget.allCases[index % FuzzTarget.allCases.count]
    }

    /// Whether input `index` also goes through the real `voz` binary, one round of targets in `every`: whole
    /// rounds, so every target does, however many targets there are.
    public static func goesThroughVoz(index: Int, every: Int) -> Bool {
        every > 0 && (index / FuzzTarget.allCases.count) % every == 0
    }

    public static func make(seed: UInt64, index: Int) -> Data {
        var random = SeededGenerator(seed: seed, index: index)
        let target = target(index: index)
        // Built whole, never mutated: the case lists the secrets it types, and the oracles look for exactly those.
        if target == .richForm { return Data(RichFormCase.make(&random)) }
        // The same for the hostile scenes (hops, state files, echoes): each case names the secrets and places its oracle checks.
        switch target {
        case .echoes: return EchoCase.make(&random).data
        case .hops: return HopCase.make(&random).data
        case .stateFiles: return StateFileCase.make(&random).data
        default: break
        }
        var bytes: [UInt8]
        if random.chance(1, in: 2) {
            bytes = [UInt8](random.pick(FuzzCorpus.seeds(for: target)))
            if random.chance(1, in: 8) { bytes += random.pick(FuzzCorpus.seeds(for: target)) }
        } else {
            bytes = FuzzStructures.make(target, &random)
        }
        // A third of the descriptions go in as made: one stray byte makes a YAML parser refuse the whole document,
        // and the builder behind it is as much a target as the parser.
        let isSpec = [.openAPIYAML, .openAPIJSON, .jsonSchema, .specialReferences].contains(target)
        let mutations = isSpec && random.chance(1, in: 3) ? 0 : Int.random(in: 0...6, using: &random)
        for _ in 0..<mutations { mutate(&bytes, &random) }
        // A recording may hold one write of megabytes: libvterm once crashed on those.
        let limit = target == .recording ? 4 * 1024 * 1024 : maximumBytes
        if bytes.count > limit { bytes.removeLast(bytes.count - limit) }
        return Data(bytes)
    }

    /// Large enough for long strings and deep nesting, small enough for 100,000 inputs in minutes.
    static let maximumBytes = 64 * 1024

    // MARK: - Mutations

    /// Tokens that have broken parsers before: numbers past 64 bits and Double, escapes, surrogates, controls.
    static let tokens: [String] = [
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "1e400", "-1e400", "1e-400", "1.7976931348623157e308", "4.9e-324", "-0", "0.0",
        "99999999999999999999999999999999999999", "NaN", "Infinity", "0x10", "1_000", "\\ud800", "\\udc00",
        "\\ud800\\u0041", "\\u0000", "\\u001b[31m", "\\u202e", "\\uffff", "\u{1B}[2J", "\u{1B}]0;x\u{07}",
        "\u{202E}", "\u{200B}", "\u{FEFF}", "\r\n", "\r", "\t", "\"", "\\", "{", "}", "[", "]", ":", ",", "null",
        "true", "\"\"", "[]", "{}", "<b>x</b>", "&amp;", "&#x1F600;", "&#99999999;", "%00", "../../etc/passwd",
        "Thu, 01 Jan 1970 00:00:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "Retry-After: ", "Content-Type: text/html",
        "items[0]", "items[99999999999999999999]", "/items/@reference_id=='A1'/amount/value", "$.a[-1]", "#/",
        "a.b.c.d.e.f", "[[[[[[[[", "]]]]]]]]", ":ir ", ":enviar", ":reintentar", ":salir", "sí",
        "\\u0085", "\\u009b", "\\u009c", "\\u009d;", "\\u001b[4h", "\\u001b[;;;;;;;;;;;;;;;;m", "\u{9B}", "\u{9D}",
    ]

    static func mutate(_ bytes: inout [UInt8], _ random: inout SeededGenerator) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<9, using: &random) {
        case 0 where !bytes.isEmpty:
            let at = min(position, bytes.count - 1)
            bytes[at] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
        case 1:
            bytes.insert(contentsOf: Array(random.pick(tokens).utf8), at: position)
        case 2 where !bytes.isEmpty:
            let end = min(bytes.count, position + Int.random(in: 1...64, using: &random))
            bytes.removeSubrange(min(position, end)..<end)
        case 3 where !bytes.isEmpty:
            let end = min(bytes.count, position + Int.random(in: 1...256, using: &random))
            let slice = Array(bytes[min(position, end)..<end])
            let times = Int.random(in: 1...50, using: &random)
            for _ in 0..<times { bytes.insert(contentsOf: slice, at: min(position, bytes.count)) }
        case 4:
            // Bytes that are not UTF-8: a lone continuation, an overlong NUL, a surrogate, a truncated sequence.
            let invalid: [[UInt8]] = [
                [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
                [0xFF], [0x00],
            ]
            bytes.insert(contentsOf: random.pick(invalid), at: position)
        case 5:
            replaceNumber(&bytes, &random)
        case 6:
            let depth = Int.random(in: 1...200, using: &random)
            let open: [UInt8] = random.chance(1, in: 2) ? Array("[".utf8) : Array("{\"a\":".utf8)
            bytes.insert(contentsOf: Array(repeating: open, count: depth).flatMap { $0 }, at: position)
        case 7:
            let long = String(
                repeating: random.pick(["a", "é", "😀", " ", "\\n", "<", "9"]),
                count: Int.random(in: 100...4_000, using: &random))
            bytes.insert(contentsOf: Array(long.utf8), at: position)
        default:
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
        }
    }

    /// Swaps one run of digits for a number no fixed-width integer holds (or a negative, or zero).
    static func replaceNumber(_ bytes: inout [UInt8], _ random: inout SeededGenerator) {
        let digitsAt = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
        guard !digitsAt.isEmpty else { return }
        var start = random.pick(digitsAt)
        while start > 0, (0x30...0x39).contains(bytes[start - 1]) { start -= 1 }
        var end = start
        while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
        let numbers = [
            "9223372036854775808", "1e400", "-1", "0", "18446744073709551615", "4294967296", "-9223372036854775809",
            String(repeating: "9", count: 400),
        ]
        bytes.replaceSubrange(start..<end, with: Array(random.pick(numbers).utf8))
    }
}
