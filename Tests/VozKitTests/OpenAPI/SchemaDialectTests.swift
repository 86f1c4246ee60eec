import Foundation
import Testing
import VozJSON

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

@Suite("What Voz checks locally means what JSON Schema means: patterns, lengths, bounds")
struct SchemaDialectTests {
    /// The form `voz form --schema` builds from `yaml` (a bare JSON Schema), read back by Voz's decoder.
    private func build(_ text: String, json: Bool = false) throws -> (Form, OpenAPIFormBuilder.Output) {
        let document = try SpecDocument.decode(
            bytes: Array(text.utf8), file: json ? "signup.json" : "signup.yaml", isJSON: json)
        let output = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/signups", method: "POST")
        let text = JSONWriter(indent: 2).text(output.form)
        return (try FormFile.decode(data: Data(text.utf8), path: "signup.json").form, output)
    }

    private let validator = FieldValidator(localizer: Localizer(language: .en))

    private func accepts(_ field: Field, _ typed: String) -> Bool {
        (try? validator.parse(typed, for: field)) != nil
    }

    // MARK: - Patterns

    @Test("An untranslatable pattern is left to the server, with a note naming file, line and property")
    func refusedPattern() throws {
        let (form, output) = try build(
            """
            type: object
            properties:
              code:
                type: string
                description: Letters and digits.
                pattern: "^(?i)[a-z0-9]+$"
            """)
        let field = try #require(form.fields.first)
        #expect(field.rules.pattern == nil)
        #expect(field.rules.serverPattern == "^(?i)[a-z0-9]+$")
        #expect(accepts(field, "ABC"))
        #expect(output.uncheckedPatterns.map(\.line) == [6])
        #expect(
            output.notes == [
                "The pattern of code (signup.yaml, line 6) is left to the server, because (?i opens a group "
                    + "ECMA-262 does not have."
            ])
        let audit = Auditor.audit(
            forms: [FormDocument(path: "signup.json", form: form, sourceMap: SourceMap())], transcripts: [])
        #expect(audit.violations.contains { $0.ruleID == "pattern-unchecked" })
    }

    @Test("voz audit --openapi reports a pattern left to the server at the pattern's line")
    func auditAtPatternLine() throws {
        let spec = """
            openapi: 3.1.0
            info: {title: Codes, version: "1"}
            servers: [{url: "http://127.0.0.1:9"}]
            paths:
              /codes:
                post:
                  operationId: createCode
                  summary: Create a code
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            code:
                              type: string
                              description: Letters and digits, such as AB12.
                              pattern: "^[a-z0-9]++$"
            """
        let document = try SpecDocument.decode(bytes: Array(spec.utf8), file: "codes.yaml", isJSON: false)
        let result = try OpenAPIAudit.audit(document, localizer: Localizer(language: .en))
        let finding = try #require(result.violations.first { $0.ruleID == "pattern-unchecked" })
        #expect(finding.location.file == "codes.yaml" && finding.location.line == 18)
        let text = finding.messageText(Localizer(language: .en))
        #expect(text.contains("cannot check as the server does"))
        #expect(
            text.hasSuffix(
                "The description lacks a pattern in plain ECMA-262; write it without constructs other dialects read differently."
            ))
    }

    @Test("A broken pattern is said in the spec's own words, never as the expression")
    func patternMessage() throws {
        let (form, _) = try build(
            """
            type: object
            properties:
              postcode:
                type: string
                description: Five digits, such as 28001. Used for delivery.
                pattern: "^\\\\d{5}$"
              sku:
                type: string
                pattern: "^[A-Z]{3}$"
                x-pattern-message: Three capital letters.
              plain:
                type: string
                pattern: "^[a-z]+$"
            """)
        let postcode = try #require(form.fields.first { $0.id == "postcode" })
        #expect(postcode.rules.pattern == "^[0-9]{5}\\z")
        #expect(!accepts(postcode, "٢٨٠٠١"))
        #expect(accepts(postcode, "28001"))
        do {
            _ = try validator.parse("2800", for: postcode)
            Issue.record("2800 passed")
        } catch {
            #expect(error.detail == "Five digits, such as 28001.")
        }
        let sku = try #require(form.fields.first { $0.id == "sku" })
        #expect(sku.rules.patternMessage == "Three capital letters.")
        let plain = try #require(form.fields.first { $0.id == "plain" })
        do {
            _ = try validator.parse("ABC", for: plain)
            Issue.record("ABC passed")
        } catch {
            #expect(!error.message.contains("[a-z]"))
        }
    }

    // MARK: - Lengths

    @Test("Generated fields count code points; form files keep counting characters")
    func lengths() throws {
        let (form, _) = try build(
            """
            type: object
            properties:
              initials: {type: string, maxLength: 2}
            """)
        let field = try #require(form.fields.first)
        #expect(field.rules.lengthCounts == .codePoints)
        // "é" written as e and a combining accent is one character and two code points.
        #expect(!accepts(field, "e\u{301}e\u{301}"))
        #expect(accepts(field, "\u{E9}\u{E9}"))
        #expect(accepts(field, "💩💩"))
        var handWritten = field
        handWritten.rules.lengthCounts = .characters
        #expect(accepts(handWritten, "e\u{301}e\u{301}"))
        #expect(LengthCounting.codePoints.length(of: "👍🏽") == 2 && LengthCounting.characters.length(of: "👍🏽") == 1)
        let (huge, output) = try build(
            """
            {"type": "object", "properties": {"essay": {"type": "string", "maxLength": 123456789012345678901234}}}
            """, json: true)
        #expect(try #require(huge.fields.first).rules.maxLength == nil)
        #expect(
            output.notes == [
                "essay: its maxLength is beyond what Voz checks, so it is left to the server (line 1)."
            ])
    }

    // MARK: - Numbers

    @Test(
        "multipleOf is decided on decimal digits",
        arguments: [
            ("19.99", "0.01", true), ("0.0075", "0.0001", true), ("0.00751", "0.0001", false), ("4.5", "1.5", true),
            ("35", "1.5", false), ("0.3", "0.1", true), ("1e308", "0.123456789", false), ("12391239123", "1e-8", true),
            ("0", "0.7", true), ("-7.5", "2.5", true), ("1.1", "0.2", false),
        ])
    func multipleOf(_ value: String, _ step: String, _ expected: Bool) throws {
        let number = try #require(Double(value))
        #expect(NumberWording.isMultiple(number, of: try #require(Double(step))) == expected)
    }

    @Test("Bounds in both forms, exclusive and inclusive; a bound no double holds is left out with a note")
    func bounds() throws {
        let (form, output) = try build(
            """
            {"type": "object", "properties": {
              "price": {"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 100, "multipleOf": 0.01},
              "age": {"type": "integer", "exclusiveMaximum": 130, "minimum": 18},
              "huge": {"type": "integer", "maximum": 1e400}
            }}
            """, json: true)
        let price = try #require(form.fields.first { $0.id == "price" })
        #expect(accepts(price, "19.99") && accepts(price, "100") && !accepts(price, "0") && !accepts(price, "19.999"))
        let age = try #require(form.fields.first { $0.id == "age" })
        #expect(accepts(age, "18") && accepts(age, "129") && !accepts(age, "130"))
        let huge = try #require(form.fields.first { $0.id == "huge" })
        #expect(huge.rules.max == nil)
        #expect(
            output.notes.contains {
                $0 == "huge: a bound is too large for Voz to check, so it is left to the server (line 4)."
            })
        // An integer beyond what a double holds exactly is refused with a sentence, never rounded nor trapped on.
        #expect(accepts(huge, "123456789012345"))
        do {
            _ = try validator.parse("123456789012345678901234567890", for: huge)
            Issue.record("a 30-digit integer passed")
        } catch {
            #expect(error.message == "Huge: too many digits to send exactly: write at most 15.")
        }
        #expect(accepts(price, "0.000000000000000000000000001") == false)
        #expect(accepts(price, "007.50"))
    }
}
