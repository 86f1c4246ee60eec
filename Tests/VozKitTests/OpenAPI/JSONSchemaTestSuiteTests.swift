import Foundation
import Testing
import VozJSON

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

/// Runs the JSON-Schema-Test-Suite cases of the keywords Voz checks while the user types (Fixtures/
/// JSONSchemaTestSuite, NOTICE.md there) through the real path: the schema becomes a form by `OpenAPIFormBuilder`,
/// the form file goes through Voz's decoder, and the instance is typed into the field. Voz's verdict must be the
/// suite's.
///
/// Skipped, by rule: a group whose schema has keywords beyond one typed value's (`patternProperties`, `$ref`…);
/// an instance that is not a string or a number (nobody types an object into a field); a string to a schema with
/// only number keywords, or a number to one with only string keywords (the keyword ignores it, and the field would
/// not take it); an empty string (an optional field left empty is not sent at all); a string with surrounding
/// white space or terminal control characters (Voz trims the first from a typed answer and refuses the second).
/// Those last ones still go through the field's translated pattern, matched by Voz's matcher directly.
@Suite("The JSON-Schema-Test-Suite's verdicts for what Voz checks while the user types")
struct JSONSchemaTestSuiteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONSchemaTestSuite")
    static let files = [
        "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "multipleOf", "optional/ecmascript-regex", "optional/non-bmp-regex",
    ]
    static let stringKeywords: Set = ["pattern", "minLength", "maxLength"]
    static let numberKeywords: Set = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]

    /// What happened to the cases.
    struct Tally: CustomStringConvertible {
        var run = 0
        var agreed = 0
        var refused = 0
        var skipped: [String: Int] = [:]
        var belowTyping = 0
        var belowTypingAgreed = 0
        var disagreements: [String] = []

        var description: String {
            let skips = skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            return
                "run \(run), agreed \(agreed), refused \(refused), skipped \(skipped.values.reduce(0, +)) (\(skips)); "
                + "matched below typing \(belowTyping), agreed \(belowTypingAgreed)"
        }
    }

    @Test("Every applicable case agrees with the suite", arguments: ["draft2020-12", "draft7"])
    func suite(_ draft: String) throws {
        var tally = Tally()
        for file in Self.files {
            let url = Self.root.appendingPathComponent("\(draft)/\(file).json")
            let groups = try JSONParser().parse(Array(try Data(contentsOf: url)))
            for group in groups.elements ?? [] {
                try run(group, file: "\(draft)/\(file)", into: &tally)
            }
        }
        print("JSON-Schema-Test-Suite \(draft): \(tally)")
        #expect(tally.disagreements.isEmpty, "\(tally.disagreements.joined(separator: "\n"))")
        #expect(tally.run >= 80, "the suite files hold 88 typable cases a draft")
        #expect(tally.agreed == tally.run)
    }

    // MARK: - One group

    private func run(_ group: JSONNode, file: String, into tally: inout Tally) throws {
        let tests = group["tests"]?.elements ?? []
        let schemaMembers = (group["schema"]?.members ?? []).filter { $0.key != "$schema" }
        let keys = Set(schemaMembers.map(\.key))
        guard keys.isSubset(of: Self.stringKeywords.union(Self.numberKeywords).union(["type"])) else {
            tally.skipped["schema beyond one value", default: 0] += tests.count
            return
        }
        for test in tests {
            guard let data = test["data"], let expected = test["valid"]?.bool else { continue }
            let name = "\(file): \(group["description"]?.string ?? "") / \(test["description"]?.string ?? "")"
            let typed: String
            var members = schemaMembers
            if let text = data.string {
                guard !keys.isDisjoint(with: Self.stringKeywords) else {
                    tally.skipped["a string to number keywords", default: 0] += 1
                    continue
                }
                if !keys.contains("type") { members.append(JSONMember(key: "type", value: .string("string"))) }
                typed = text
            } else if let number = data.number {
                guard !keys.isDisjoint(with: Self.numberKeywords) else {
                    tally.skipped["a number to string keywords", default: 0] += 1
                    continue
                }
                if !keys.contains("type") { members.append(JSONMember(key: "type", value: .string("number"))) }
                typed = try #require(Self.plain(number.literal))
            } else {
                tally.skipped["neither string nor number", default: 0] += 1
                continue
            }
            let (field, refused) = try Self.field(JSONNode(.object(members)))
            if refused {
                tally.refused += 1
                continue
            }
            if typed.isEmpty {
                tally.skipped["empty answer", default: 0] += 1
                continue
            }
            let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed != typed || AnswerText.hasControlCharacters(typed, allowLineBreaks: false) {
                tally.skipped["white space around or control characters", default: 0] += 1
                // What the typing layer would change, the pattern still decides the same way.
                guard let pattern = field.rules.pattern, field.rules.minLength == nil, field.rules.maxLength == nil
                else { continue }
                tally.belowTyping += 1
                let matched = PatternMatcher.match(typed, pattern: pattern) == .match
                if matched == expected {
                    tally.belowTypingAgreed += 1
                } else {
                    tally.disagreements.append("\(name) (below typing): Voz says \(matched)")
                }
                continue
            }
            tally.run += 1
            let validator = FieldValidator(localizer: Localizer(language: .en))
            let valid = (try? validator.parse(typed, for: field)) != nil
            if valid == expected {
                tally.agreed += 1
            } else {
                tally.disagreements.append(
                    "\(name): Voz says \(valid ? "valid" : "invalid"), typed \(typed.debugDescription)")
            }
        }
    }

    /// The field Voz builds for a property of this schema, as `voz form` writes it and Voz reads it back, and
    /// whether its pattern was left to the server.
    static func field(_ schema: JSONNode) throws -> (Field, Bool) {
        let root = JSONNode.object([("type", .string("object")), ("properties", .object([("value", schema)]))])
        let output = try OpenAPIFormBuilder.form(
            schema: SpecDocument(file: "suite.json", root: root), url: "http://127.0.0.1:9/values", method: "POST")
        let text = JSONWriter(indent: 2).text(output.form)
        let form = try FormFile.decode(data: Data(text.utf8), path: "suite-form.json").form
        return (try #require(form.fields.first), !output.uncheckedPatterns.isEmpty)
    }

    /// A JSON number as a person types it: plain decimal digits, no exponent (`1e308` is a 1 and 308 zeros).
    static func plain(_ literal: String) -> String? {
        let negative = literal.hasPrefix("-")
        guard let decimal = DecimalDigits(text: negative ? String(literal.dropFirst()) : literal) else { return nil }
        if decimal.digits.isEmpty { return "0" }
        var digits = decimal.digits.map(String.init).joined()
        if decimal.exponent >= 0 {
            digits += String(repeating: "0", count: decimal.exponent)
        } else {
            let places = -decimal.exponent
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return (negative ? "-" : "") + digits
    }
}
