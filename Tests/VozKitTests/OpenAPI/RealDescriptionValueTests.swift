import Foundation
import Testing
import VozJSON

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

/// Issue 27, section 1 continued: hints, headers, bounds, values and formats, and the builder and the audit
/// agreeing on every fixture.
@Suite("Forms from real API descriptions: hints, headers, values, formats, agreement")
struct RealDescriptionValueTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/OpenAPI")

    private func field(_ form: Form, _ id: String) throws -> Field {
        try #require(form.fields.first { $0.id == id }, "no field \(id) in \(form.fields.map(\.id))")
    }

    private func single(_ schema: String) throws -> Field {
        let (form, _) = try RealDescriptionSpec(properties: "value:\n" + RealDescriptionSpec.indent(schema, 2)).form()
        return try field(form, "value")
    }

    // MARK: - Hints

    @Test(
        "Hints keep each constraint sentence, say formats in words, and give an example of an unexplained pattern",
        arguments: [
            (
                "type: string\ndescription: The code from the letter. Must be a six-digit number. We keep it a year.",
                "The code from the letter. Must be a six-digit number."
            ),
            (
                "type: string\ndescription: Your handle. At most 3 changes a day.",
                "Your handle. At most 3 changes a day."
            ),
            (
                "type: string\nformat: date\ndescription: When you were born.",
                "When you were born. A date: year, month and day, such as 1990-05-17."
            ),
            ("type: string\nformat: date-time", "A date and time with its time zone, such as 2024-05-17T14:30:00Z."),
            ("type: string\nformat: date\ndescription: Day, as YYYY-MM-DD.", "Day, as YYYY-MM-DD."),
            ("type: string\npattern: '^[A-Z]{2}[0-9]{4}$'", "Written like AB1234."),
            ("type: string\npattern: '^[0-9]{6}$'", "Written like 123456."),
        ])
    func hints(schema: String, hint: String) throws {
        #expect(try single(schema).hint == hint)
    }

    @Test("An unexplained pattern is refused with its example, never \"not in the format asked for\"")
    func patternMessage() throws {
        let field = try single("type: string\npattern: '^[A-Z]{2}-[0-9]{3}$'")
        #expect(field.rules.patternMessage == "Write it like AB-123.")
        let validator = FieldValidator(localizer: Localizer(language: .en))
        #expect(throws: ValidationError.self) { try validator.parse("ab-12", for: field) }
    }

    // MARK: - Header parameters

    @Test("Required header parameters become submit headers from the environment; optional ones a note")
    func headers() throws {
        let spec = RealDescriptionSpec(
            properties: "title:\n  type: string",
            parameters: """
                - {name: Api-Key, in: header, required: true, schema: {type: string}}
                - {name: Api-Username, in: header, required: true, schema: {type: string}}
                - {name: X-Trace, in: header, schema: {type: string}}
                """)
        let (form, notes) = try spec.form()
        let headers = Dictionary(uniqueKeysWithValues: form.submit.headers.map { ($0.name, $0.environmentVariable) })
        #expect(headers["Api-Key"] == "VOZ_API_KEY" && headers["Api-Username"] == "VOZ_API_USERNAME")
        #expect(headers["X-Trace"] == nil)
        #expect(notes.contains { $0.contains("VOZ_API_KEY") })
        #expect(notes.contains { $0.contains("X-Trace") && $0.contains("configure it as a header") })
    }

    // MARK: - Bounds and values

    @Test("A large maxLength is kept")
    func largeBounds() throws {
        let field = try single("type: string\nmaxLength: 1536000")
        #expect(field.rules.maxLength == 1_536_000)
    }

    @Test(
        "An enum with '' keeps its other values; a one-value enum is a constant, not a question",
        arguments: [
            ("type: string\nenum: ['', draft, published]", ["draft", "published"]),
            ("type: string\nenum: [draft, '']\ndefault: ''", ["draft"]),
        ])
    func emptyEnum(schema: String, values: [String]) throws {
        let field = try single(schema)
        #expect(field.options.map(\.value) == values)
    }

    @Test("A one-value enum is sent, never asked")
    func oneValueEnum() throws {
        let spec = RealDescriptionSpec(
            properties: "version:\n  type: integer\n  enum: [1]\nname:\n  type: string", required: ["version"])
        let output = try spec.output()
        let (form, _) = try spec.form()
        #expect(form.fields.map(\.id) == ["name"])
        let constants = try #require(output.form["constants"]?.elements)
        #expect(constants.contains { $0["path"]?.string == "version" && $0["value"]?.scalarText == "1" })
    }

    // MARK: - Formats

    @Test(
        "The formats Voz claims are checked as JSON Schema defines them",
        arguments: [
            ("date", "1990-05-17", true), ("date", "1990-13-45", false), ("date", "2024-02-29", true),
            ("date", "2023-02-29", false), ("date", "1990-5-17", false),
            ("date-time", "2024-05-17T14:30:00Z", true), ("date-time", "2024-05-17T14:30:00.5+02:00", true),
            ("date-time", "2024-05-17 14:30", false), ("date-time", "2024-05-17T25:00:00Z", false),
            ("time", "14:30:00Z", true), ("time", "14:30", false), ("time", "23:59:60-01:00", true),
            ("email", "ana@example.com", true), ("email", "ana.example.com", false),
            ("uri", "https://example.com/a?b=c", true), ("uri", "example.com", false), ("uri", "http://a b", false),
            ("uuid", "123e4567-e89b-12d3-a456-426614174000", true), ("uuid", "123e4567e89b12d3a456426614174000", false),
            ("ipv4", "192.168.1.10", true), ("ipv4", "192.168.01.1", false), ("ipv4", "256.1.1.1", false),
            ("ipv6", "2001:db8::1", true), ("ipv6", "::1", true), ("ipv6", "::ffff:192.0.2.1", true),
            ("ipv6", "2001:db8:::1", false), ("ipv6", "1:2:3:4:5:6:7:8:9", false),
        ])
    func formats(format: String, value: String, valid: Bool) throws {
        let field = try single("type: string\nformat: \(format)")
        let validator = FieldValidator(localizer: Localizer(language: .en))
        if valid {
            #expect(throws: Never.self) { try validator.parse(value, for: field) }
        } else {
            #expect(throws: ValidationError.self) { try validator.parse(value, for: field) }
        }
    }

    @Test("A format Voz does not check is said to be left to the server")
    func otherFormats() throws {
        let (_, notes) = try RealDescriptionSpec(properties: "host:\n  type: string\n  format: hostname").form()
        #expect(notes.contains { $0.contains("hostname") && $0.contains("left to the server") })
    }

    // MARK: - Builder and audit agree

    /// Every description of the fixtures, the generated ones too.
    static let descriptions = [
        "accounts.yaml", "audited.yaml", "drf-branches.yaml", "fastapi-branches.json", "petstore-expanded.yaml",
        "unions.yaml", "generated/drf-shop.json", "generated/drf-shop.yaml", "generated/fastapi-travel.json",
    ]

    @Test("Every form Voz builds from the fixtures passes its audit, or the audit says what the description lacks")
    func agreement() throws {
        for file in Self.descriptions {
            let document = try SpecDocument.load(path: Self.fixtures.appendingPathComponent(file).path)
            let result = try OpenAPIAudit.audit(document, localizer: Localizer(language: .en))
            for finding in result.checks.flatMap(\.result.violations) where finding.severity >= .serious {
                #expect(
                    finding.message.key == "audit.openapi.lacking" && finding.location.line > 0,
                    "\(file):\(finding.location.line): \(finding.ruleID) \(finding.message.arguments)")
            }
        }
    }

    @Test("An optional field whose description says \"Required if…\" is no contradiction, to the builder and audit")
    func requiredIf() throws {
        let spec = RealDescriptionSpec(
            properties: "state:\n  type: string\n  description: The state. Required if the country is US.")
        let (form, _) = try spec.form()
        #expect(try field(form, "state").hint == "The state. Required if the country is US.")
        #expect(try !spec.failingFindings().contains { $0.ruleID == "required-marker" })
        #expect(RequiredMarkerRule.marker(in: "Obligatorio si vives en España.") == nil)
        #expect(RequiredMarkerRule.marker(in: "Required.") != nil)
    }
}

/// Issue 27, section 3: a description's words are in its own language, Voz's sentences in the session's.
@Suite("The languages of a generated form")
struct GeneratedFormLanguageTests {
    @Test(
        "The locale is the session's; the labels' language is the user's word for it, else info.x-language",
        arguments: [
            (Language.de, nil, "", "de", nil), (.en, nil, "x-language: es", "en", "es"),
            (.en, Language.fr, "x-language: es", "en", "fr"), (.es, nil, "x-language: es", "es", nil),
            (.en, nil, "x-language: tlh", "en", nil),
        ] as [(Language, Language?, String, String, String?)])
    func locales(session: Language, told: Language?, info: String, locale: String, labels: String?) throws {
        let spec = RealDescriptionSpec(properties: "nombre:\n  type: string\n  title: Nombre", info: info)
        let (form, _) = try spec.form(.init(descriptionLanguage: told), language: session)
        #expect(form.locale == locale)
        #expect(form.labelsLocale == labels)
        #expect(form.fields.first?.label == "Nombre")
    }

    /// Issue 36: an English description with `--language de` marks its labels English, so the German voice does not
    /// read them; Voz's own words (the busy label) stay German. Prose in one of Voz's languages says which; labels
    /// that are property names alone say nothing.
    @Test(
        "Nobody said the description's language: its prose does",
        arguments: [
            (
                Language.de, "Create a new pet in the store",
                "name:\n  type: string\n  description: The name of the pet",
                "en"
            ),
            (
                .en, "Crea una mascota nueva para la tienda con su nombre",
                "nombre:\n  type: string\n  description: El nombre que tiene la mascota", "es"
            ),
            (.de, "Send it", "name:\n  type: string", nil),
            (.en, "Create a new pet in the store", "name:\n  type: string\n  description: The name of the pet", nil),
        ] as [(Language, String, String, String?)])
    func theProseSaysTheLanguage(session: Language, summary: String, properties: String, labels: String?) throws {
        var spec = RealDescriptionSpec(properties: properties)
        spec.summary = summary
        let (form, _) = try spec.form(language: session)
        #expect(form.locale == session.rawValue)
        #expect(form.labelsLocale == labels)
        #expect(form.submit.busyLabel == Localizer(language: session).text("openapi.busyLabel"))
    }

    @Test(
        arguments: [
            (["Add a pet to the store", "The name of the pet, as its owner calls it"], Language.en),
            (["Die Anmeldung für das Treffen", "Der Name der Person"], .de),
            (["Ajouter un animal dans le magasin", "Le nom de l'animal"], .fr),
            (["Name", "Email"], nil), (["Nombre"], nil),
        ] as [([String], Language?)])
    func aGuessNeedsEvidentProse(texts: [String], expected: Language?) {
        #expect(DescriptionLanguage.guess(texts) == expected)
    }
}
