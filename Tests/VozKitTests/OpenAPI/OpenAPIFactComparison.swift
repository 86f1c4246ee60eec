import Foundation
import VozKit

// MARK: - The reviewer's JSON

/// Any JSON value of an expected file.
enum ReviewerJSON: Decodable, Sendable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([ReviewerJSON]), object([String: ReviewerJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ReviewerJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ReviewerJSON].self))
        }
    }

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var array: [ReviewerJSON]? { if case .array(let items) = self { items } else { nil } }
    var object: [String: ReviewerJSON]? { if case .object(let members) = self { members } else { nil } }
    /// A scalar as text, the way a form's option or constant value is compared.
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case .string(let text): return text
        case .array, .object: return "\(self)"
        }
    }
}

// MARK: - Counting

/// Right and wrong facts by kind (docs/judging.md).
struct FactTally {
    var right: [String: Int] = [:]
    var all: [String: Int] = [:]
    var wrong: [String] = []

    mutating func count(_ kind: String, _ isRight: Bool, _ detail: @autoclosure () -> String) {
        all[kind, default: 0] += 1
        if isRight { right[kind, default: 0] += 1 } else { wrong.append("\(kind): \(detail())") }
    }

    var agreement: Double {
        let total = all.values.reduce(0, +)
        return total == 0 ? 0 : Double(right.values.reduce(0, +)) / Double(total)
    }

    func table() -> String {
        var lines = ["| fact | right | of | agreement |", "| --- | --- | --- | --- |"]
        for kind in all.keys.sorted() {
            let (good, total) = (right[kind] ?? 0, all[kind] ?? 0)
            lines.append(
                "| \(kind) | \(good) | \(total) | \(String(format: "%.0f %%", 100 * Double(good) / Double(total))) |")
        }
        let good = right.values.reduce(0, +)
        let total = all.values.reduce(0, +)
        lines.append("| all | \(good) | \(total) | \(String(format: "%.1f %%", 100 * agreement)) |")
        return lines.joined(separator: "\n")
    }
}

// MARK: - Comparing one operation

/// One judged operation's facts against the form Voz built (nil: Voz built none, and every fact is wrong).
struct OpenAPIFactComparison {
    var expected: [String: ReviewerJSON]
    var form: Form?
    var place: String

    init(expected: [String: ReviewerJSON], form: Form?, where place: String) {
        self.expected = expected
        self.form = form
        self.place = place
    }

    func compare(into tally: inout FactTally) {
        let asked = form.map { Self.askedFields($0.fields, prefix: []) } ?? [:]
        if let url = expected["url"]?.string {
            let built = form.map { $0.submit.urlTemplate ?? $0.submit.url.absoluteString }
            tally.count("url", built.map { Self.sameURL($0, url) } ?? false, "\(place): \(built ?? "no form") ≠ \(url)")
        }
        if let method = expected["method"]?.string {
            let built = form?.submit.method.rawValue
            tally.count("method", built == method.uppercased(), "\(place): \(built ?? "no form") ≠ \(method)")
        }
        for header in expected["headers"]?.array ?? [] {
            guard let name = header.object?["name"]?.string else { continue }
            let found = form?.submit.headers.contains {
                $0.name.lowercased() == name.lowercased() && $0.environmentVariable != nil
            }
            tally.count("header", found ?? false, "\(place): header \(name) not from the environment")
        }
        var listed: Set<String> = []
        for entry in expected["fields"]?.array ?? [] {
            guard let field = entry.object, let path = field["path"]?.string else { continue }
            listed.insert(path)
            compareField(field, path: path, built: asked[path], into: &tally)
        }
        for entry in expected["notAsked"]?.array ?? [] {
            guard let path = entry.object?["path"]?.string ?? entry.string else { continue }
            listed.insert(path)
            tally.count("not-asked", form != nil && asked[path] == nil, "\(place): \(path) is asked")
        }
        for (path, value) in expected["constants"]?.object ?? [:] {
            listed.insert(path)
            let built = form?.constants.first { $0.path.joined(separator: ".") == path }?.value.text
            tally.count("constant", built == value.text, "\(place): constant \(path) is \(built ?? "not sent")")
        }
        for path in asked.keys.sorted() where !listed.contains(path) {
            tally.count("field-presence", false, "\(place): \(path) asked, not in the reviewer's form")
        }
    }

    private func compareField(_ field: [String: ReviewerJSON], path: String, built: Field?, into tally: inout FactTally)
    {
        let at = "\(place) \(path)"
        tally.count("field-presence", built != nil, "\(at): not asked")
        if let kind = field["kind"]?.string {
            tally.count("kind", built?.kind.rawValue == kind, "\(at): \(built?.kind.rawValue ?? "-") ≠ \(kind)")
        }
        if case .bool(let required)? = field["required"] {
            tally.count(
                "required", built?.required == required, "\(at): required \(built?.required.description ?? "-")")
        }
        if let label = field["label"]?.string {
            tally.count("label", built?.label == label, "\(at): \(built?.label ?? "-") ≠ \(label)")
        }
        if let purpose = field["purpose"] {
            tally.count(
                "purpose", built.map { $0.purpose == purpose.string } ?? false,
                "\(at): \(built?.purpose ?? "none") ≠ \(purpose.text)")
        }
        if case .bool(let secret)? = field["secret"] {
            tally.count("secret", built?.isSecret == secret, "\(at): secret \(built?.isSecret.description ?? "-")")
        }
        let spoken = built.map(Self.spoken) ?? ""
        for phrase in field["hint"]?.array?.compactMap(\.string) ?? [] {
            tally.count(
                "hint", built != nil && HintPhrase.holds(phrase, in: spoken),
                "\(at): \"\(phrase)\" not in \"\(spoken)\"")
        }
        for (bound, value) in field["bounds"]?.object ?? [:] {
            guard case .number(let number) = value else { continue }
            let got = built.flatMap { Self.bound(bound, of: $0) }
            tally.count("bound", got == number, "\(at): \(bound) \(got.map { "\($0)" } ?? "none") ≠ \(number)")
        }
        if let options = field["options"]?.array {
            let got = built?.options.map(\.sent.text) ?? []
            // A branch chooser's options are the branches, which the reviewer may name by their titles.
            let labels = built?.options.map(\.label) ?? []
            let wanted = options.map(\.text)
            tally.count("options", built != nil && (got == wanted || labels == wanted), "\(at): \(got) ≠ \(wanted)")
        }
        if let structure = field["structure"]?.string {
            let got = built.map(Self.structure) ?? "-"
            tally.count("structure", structure.hasPrefix(got), "\(at): \(got) ≠ \(structure)")
        }
    }

    // MARK: - Reading the built form

    /// Every field a person is asked, by the path the reviewer names it by. A generated "which kind" choice
    /// (location none) fills no member; docs/openapi.md names it by its id (`kind`), as the reviewer does.
    static func askedFields(_ fields: [Field], prefix: [String]) -> [String: Field] {
        var found: [String: Field] = [:]
        for field in fields {
            let key: String
            switch field.location {
            case .none: key = (prefix + [field.id]).joined(separator: ".")
            case .path: key = "pathParam.\(field.bodyPath.last ?? field.id)"
            case .query: key = "query.\(field.bodyPath.last ?? field.id)"
            case .body: key = (prefix + field.bodyPath).joined(separator: ".")
            }
            found[key] = field
            if field.kind == .group {
                found.merge(askedFields(field.members, prefix: prefix + field.bodyPath)) { first, _ in first }
            }
        }
        return found
    }

    static func structure(_ field: Field) -> String {
        switch field.kind {
        case .group: return "group"
        case .list: return "list"
        default: return "none"
        }
    }

    static func bound(_ name: String, of field: Field) -> Double? {
        let rules = field.rules
        switch name {
        case "min": return rules.min
        case "max": return rules.max
        case "exclusiveMin": return rules.exclusiveMin
        case "exclusiveMax": return rules.exclusiveMax
        case "multipleOf": return rules.multipleOf
        case "minLength": return rules.minLength.map(Double.init)
        case "maxLength": return rules.maxLength.map(Double.init)
        case "minItems": return rules.minItems.map(Double.init)
        case "maxItems": return rules.maxItems.map(Double.init)
        default: return nil
        }
    }

    /// What Voz says when it asks the field, in English: label, states, instructions (bounds in words), hint.
    static func spoken(_ field: Field) -> String {
        AccessibleElement.field(field, index: 0, count: 1, value: nil, error: nil, localizer: Localizer(language: .en))
            .spoken(Localizer(language: .en))
    }

    static func sameURL(_ built: String, _ expected: String) -> Bool {
        func plain(_ text: String) -> String {
            var text = text.removingPercentEncoding ?? text
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }
        let expected = expected.hasPrefix("/") ? String(CorpusLoader.origin.dropLast()) + expected : expected
        return plain(built) == plain(expected)
    }
}

// MARK: - Hint phrases

/// Whether what Voz says holds a phrase the reviewer asked for. A phrase is held when it is contained as written
/// (case aside), or when every number in it is said and at least two thirds of its longer words are: the reviewer
/// writes "at most 150 characters" where Voz may say "150 characters or fewer", and both tell the listener the same.
enum HintPhrase {
    static func holds(_ phrase: String, in spoken: String) -> Bool {
        let said = spoken.lowercased()
        let wanted = phrase.lowercased()
        if said.contains(wanted) { return true }
        let saidNumbers = Set(numbers(said))
        let wantedNumbers = numbers(wanted)
        guard wantedNumbers.allSatisfy(saidNumbers.contains) else { return false }
        let saidWords = Set(words(said))
        let wantedWords = words(wanted)
        guard !wantedWords.isEmpty else { return !wantedNumbers.isEmpty }
        let found = wantedWords.filter { saidWords.contains($0) }.count
        return Double(found) >= Double(wantedWords.count) * 2 / 3
    }

    /// Numbers without their grouping ("1,536,000" and "1536000" are one number).
    static func numbers(_ text: String) -> [String] {
        var numbers: [String] = []
        var current = ""
        for character in text + " " {
            if character.isNumber {
                current.append(character)
            } else if (character == "," || character == ".") && !current.isEmpty {
                continue
            } else if !current.isEmpty {
                numbers.append(current)
                current = ""
            }
        }
        return numbers
    }

    /// Words of four letters or more, the ones that carry the meaning.
    static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter }.map(String.init).filter { $0.count >= 4 }
    }
}
