import Foundation
import Testing
import VozJSON

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

/// One operation of a description that FastAPI or drf-spectacular generated (Fixtures/OpenAPI/generated), and the
/// form a careful person expects from it: each field summed up in one line, and what the audit must say.
struct GeneratedOperationCase: Sendable, CustomTestStringConvertible {
    var file: String
    var operation: String
    /// `id | label | kind | required-ness | …`, as `GeneratedSpecTests.summary` writes a field.
    var fields: [String]
    /// The fields whose label is only the property name (`label-is-property-name`).
    var nameOnly: [String]
    /// Every serious finding, `rule field`, sorted: what the description lacks for a listener.
    var serious: [String]
    var testDescription: String { "\(file) \(operation)" }
}

private let fastAPI = "fastapi-travel.json"
private let date = "format date | hint A date: year, month and day, such as 1990-05-17."
private let countries = "options ES=ES MX=MX AR=AR GB=GB"

private let generatedCases: [GeneratedOperationCase] =
    [
        GeneratedOperationCase(
            file: fastAPI, operation: "createAccount",
            fields: [
                "email | E-mail address | email | required | hint We send the confirmation here. | purpose email",
                "password | Password | secret | required | length 12...128 | purpose new-password",
                "full_name | Full Name | text | required | length 1...80 | purpose name",
                "birth_date | Birth Date | text | required | \(date) | purpose bday",
                "country | Country | choice | required | \(countries) | purpose country",
                "accept_terms | I accept the terms of service | confirm | required | must accept",
                "address.street | Street | text | required | length 1...120 | purpose street-address",
                "address.city | City | text | required | purpose address-level2",
                "address.postal_code | Postal Code | text | required | pattern ^[0-9]{5}\\z"
                    + " | hint Five digits, such as 28001. | purpose postal-code",
                "address.country | Address country | choice | required | \(countries) | purpose country",
                "tags | Tags | list | optional | items 0...5 of text",
                "nickname | Nickname | text | optional | purpose nickname",
            ],
            nameOnly: [],
            // Only the two "Country" fields get their object's words, and are told apart: no label-duplicate.
            serious: []),
        GeneratedOperationCase(
            file: fastAPI, operation: "createBooking",
            fields: [
                "flight_code | Flight Code | text | required | length 5...6 | pattern ^[A-Z]{2}[0-9]{3,4}\\z"
                    + " | hint Written like AB123. At least 5 characters. At most 6 characters.",
                "passengers | Passengers | group | required | items 1...9 of Passenger ["
                    + "passenger_name | Passenger Name | text | required | length 2...60 | purpose name; "
                    + "age | Age | integer | required | 0.0...120.0 | hint Age on the day of travel, in years.; "
                    + "seat_preference | Seat Preference | choice | optional | options window=Window aisle=Aisle any=Any]",
                "bags | Checked bags | integer | optional | 0.0..<4.0 | hint Up to three, 23 kg each.",
                "notes | Notes | multiline | optional | length ...1000 | hint At most 1000 characters.",
                "contact_phone | Phone for delays | text | optional | purpose tel",
            ],
            nameOnly: [],
            // The flight code's pattern is said by an example made from it, and the phone has its purpose.
            // The long text's limit is said in its hint now, before input (issue 27).
            serious: []),
        GeneratedOperationCase(
            file: fastAPI, operation: "reviewBooking",
            fields: [
                "booking_id | Booking Id | integer | required | 1.0... | in path",
                "notify | Notify | confirm | optional | hint Tell the crew about the review. | in query",
                "rating | Stars | integer | required | 1.0...5.0 | hint From 1 (poor) to 5 (excellent).",
                "comment | What you liked or did not | multiline | required | length ...2000 | hint At most 2000 characters.",
            ],
            nameOnly: [],
            serious: []),
    ]
    + ["drf-shop.json", "drf-shop.yaml"].flatMap { file in
        [
            GeneratedOperationCase(
                file: file, operation: "signUp",
                fields: [
                    "email | E-mail address | email | required | length 1... | hint We send the confirmation here. | purpose email",
                    "password | Password | secret | required | length 12...128 | purpose new-password",
                    "name | Name | text | required | length 1...80 | purpose name",
                    "birth_date | Birth date | text | required | \(date) | purpose bday",
                    "country | Country | choice | required | options ES=Spain MX=Mexico AR=Argentina GB=United Kingdom"
                        + " | purpose country",
                    "accept_terms | I accept the terms of service | confirm | required",
                    "address.street | Street | text | required | length 1...120 | purpose street-address",
                    "address.city | City | text | required | length 1... | purpose address-level2",
                    "address.postal_code | Postal code | text | required | length 1... | pattern ^[0-9]{5}\\z"
                        + " | hint Five digits, such as 28001. | purpose postal-code",
                    "tags | Tags | list | optional | items 0...5 of text | length 1...20",
                    "referral_code | Referral code | text | optional | length 6...6",
                    "age | Age | integer | required | 16.0...120.0",
                ],
                nameOnly: [],
                serious: [
                    "format-instruction-missing tags"
                ]),
            GeneratedOperationCase(
                file: file, operation: "orders_create",
                fields: [
                    "customer_email | E-mail for the receipt | email | required | length 1...254 | purpose email",
                    "delivery | Delivery | choice | optional | options 1=Standard, 3 to 5 days 2=Express, next day",
                    "gift_message | Gift message | text | optional | length ...200",
                    "lines | Lines | group | required | items 0...∞ of Line ["
                        + "product_sku | Product SKU | text | required | length 1...12; "
                        + "quantity | Quantity | integer | required | 1.0...20.0 | hint How many, from 1 to 20.]",
                ],
                nameOnly: [],
                serious: []),
            GeneratedOperationCase(
                file: file, operation: "products_create",
                fields: [
                    "sku | SKU | text | required | length 1...12 | pattern ^[A-Z]{3}-[0-9]{4}\\z | hint Written like ABC-1234. At most 12 characters.",
                    "name | Name | text | required | length 1...100",
                    "category | Category | choice | required | options books=Books music=Music and records toys=Toys",
                    #"price | Price | text | required | pattern ^-?[0-9]{0,6}(?:\.[0-9]{0,2})?\z | hint Written like 1."#,
                    "stock | Stock | integer | optional | 0.0...",
                    "description | Description | text | optional | hint Shown on the product page.",
                ],
                nameOnly: [],
                // The regex validators are said by examples made from them.
                serious: []),
        ]
    }

@Suite("Forms from descriptions that FastAPI and drf-spectacular generated")
struct GeneratedSpecTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/OpenAPI/generated")

    static func output(_ file: String, _ operation: String) throws -> OpenAPIFormBuilder.Output {
        let document = try SpecDocument.load(path: folder.appendingPathComponent(file).path)
        return try OpenAPIFormBuilder.form(openAPI: document, operation: operation, server: nil)
    }

    /// The form as `voz audit --openapi` reads it: its source map points into the description.
    static func document(_ file: String, _ operation: String) throws -> FormDocument {
        try output(file, operation).document(path: folder.appendingPathComponent(file).path, forAudit: true)
    }

    @Test("Each field's label, kind, required-ness, bounds, choices and members", arguments: generatedCases)
    func fields(_ testCase: GeneratedOperationCase) throws {
        let document = try Self.document(testCase.file, testCase.operation)
        let summaries = document.form.fields.map(Self.summary)
        #expect(summaries == testCase.fields)
        for (have, want) in zip(summaries, testCase.fields) where have != want {
            Issue.record("have: \(have)\nwant: \(want)")
        }
    }

    @Test(
        "The audit says what each description lacks, and which labels are only property names",
        arguments: generatedCases)
    func audit(_ testCase: GeneratedOperationCase) throws {
        let document = try Self.document(testCase.file, testCase.operation)
        let result = Auditor.audit(forms: [document], transcripts: [])
        let nameOnly = result.violations.filter { $0.ruleID == "label-is-property-name" }
        // Findings come in the description's order of lines, which is not the form's: compared as sets.
        #expect(nameOnly.compactMap(\.location.field).sorted() == testCase.nameOnly.sorted())
        #expect(nameOnly.allSatisfy { $0.location.line > 1 }, "each at its property's line in the description")
        #expect(nameOnly.allSatisfy { $0.severity == .moderate })
        let serious = result.violations.filter { $0.severity >= .serious }
            .map { "\($0.ruleID) \($0.location.field ?? "-")" }.sorted()
        #expect(serious == testCase.serious)
    }

    @Test("pydantic's titles are told apart from written ones; drf-spectacular's YAML and JSON give one form")
    func provenance() throws {
        let booking = try Self.output(fastAPI, "createBooking").provenance
        #expect(booking["flight_code"]?.label == .autoTitle)
        #expect(booking["bags"]?.label == .title)
        #expect(
            booking["passengers/passenger_name"] == FieldProvenance(property: "passenger_name", label: .autoTitle))
        let json = try Self.output("drf-shop.json", "signUp"), yaml = try Self.output("drf-shop.yaml", "signUp")
        #expect(JSONWriter(indent: 2).text(json.form) == JSONWriter(indent: 2).text(yaml.form))
        #expect(json.provenance["birth_date"]?.label == .name && json.provenance["email"]?.label == .title)
        #expect(yaml.provenance == json.provenance)
    }

    // MARK: - Summaries

    /// One line for a field: what a careful reader of the form file checks.
    static func summary(_ field: Field) -> String {
        var parts = [field.id, field.label, field.kind.rawValue, field.required ? "required" : "optional"]
        if field.kind == .confirm, field.mustAccept { parts.append("must accept") }
        let rules = field.rules
        if field.kind == .list || field.kind == .group {
            let most = rules.maxItems.map(String.init) ?? "∞"
            let what = field.kind == .group ? field.itemLabel ?? "?" : field.itemKind.rawValue
            parts.append("items \(rules.minItems ?? 0)...\(most) of \(what)")
        }
        if rules.minLength != nil || rules.maxLength != nil {
            parts.append("length \(rules.minLength.map(String.init) ?? "")...\(rules.maxLength.map(String.init) ?? "")")
        }
        let low = rules.min.map { "\($0)" } ?? rules.exclusiveMin.map { "\($0)<" } ?? ""
        let high = rules.max.map { "...\($0)" } ?? rules.exclusiveMax.map { "..<\($0)" } ?? (low.isEmpty ? "" : "...")
        if !(low + high).isEmpty { parts.append(low + high) }
        if let pattern = rules.pattern { parts.append("pattern \(pattern)") }
        if let format = rules.format { parts.append("format \(format.rawValue)") }
        if !field.options.isEmpty {
            parts.append("options " + field.options.map { "\($0.value)=\($0.label)" }.joined(separator: " "))
        }
        if let hint = field.hint { parts.append("hint \(hint)") }
        if let purpose = field.purpose { parts.append("purpose \(purpose)") }
        if field.location != .body { parts.append("in \(field.location.rawValue)") }
        var line = parts.joined(separator: " | ")
        if !field.members.isEmpty { line += " [" + field.members.map(summary).joined(separator: "; ") + "]" }
        return line
    }
}

@Suite("What OpenAI's description taught the form builder")
struct LargeSpecShapesTests {
    /// Shaped as OpenAI's description writes them: a markdown summary, `maxItems: 100000000`, a list in an item, an example that is a line break.
    static let spec = """
        {"openapi": "3.1.0", "servers": [{"url": "https://api.example.com/v1"}],
         "paths": {"/jobs": {"post": {"operationId": "createJob",
           "summary": "**Starting a new project?** We recommend trying\\n\\nthe new API.",
           "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
             "model": {"type": "string", "description": "The model to tune."},
             "stop": {"type": "string", "example": "\\n"},
             "tools": {"type": "array", "maxItems": 100000000, "items": {"type": "string"}},
             "integrations": {"type": "array", "items": {"type": "object", "properties": {
               "project": {"type": "string", "description": "Where to log."},
               "tags": {"type": "array", "items": {"type": "string"}}}}}}}}}}}}}}
        """

    @Test func aFormVozRuns() throws {
        let document = try SpecDocument.decode(bytes: Array(Self.spec.utf8), file: "jobs.json", isJSON: true)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "createJob", server: nil)
        let form = try output.document(path: "jobs-form.json", forAudit: true).form
        #expect(form.title == "Starting a new project?")
        let tools = try #require(form.fields.first { $0.id == "tools" })
        #expect(tools.kind == .list && tools.rules.maxItems == nil)
        let integrations = try #require(form.fields.first { $0.id == "integrations" })
        #expect(integrations.members.map(\.id) == ["project"])
        #expect(output.notes.contains { $0.hasPrefix("integrations.tags is a list") })
        #expect(try #require(form.fields.first { $0.id == "stop" }).placeholder == nil, "a line break is no example")
    }

    /// An example that turns text around on screen ("\u{202E}gnp.exe" shows as "exe.png") is no placeholder: the
    /// form decoder refuses it, and with it the whole generated form.
    @Test(
        "An example the form would refuse is left out, and the form still runs",
        arguments: [("\\u202Egnp.exe", nil), ("a\\tb", nil), ("   ", nil), ("ana@example.com", "ana@example.com")]
            as [(String, String?)])
    func examplesAFormTakes(example: String, placeholder: String?) throws {
        let spec = """
            {"openapi": "3.1.0", "servers": [{"url": "https://api.example.com"}],
             "paths": {"/files": {"post": {"operationId": "upload", "summary": "Upload",
               "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                 "name": {"type": "string", "example": "\(example)"}}}}}}}}}}
            """
        let document = try SpecDocument.decode(bytes: Array(spec.utf8), file: "files.json", isJSON: true)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "upload", server: nil)
        let form = try output.document(path: "files-form.json").form
        #expect(try #require(form.fields.first { $0.id == "name" }).placeholder == placeholder)
    }
}

@Suite("voz audit --openapi on a generated description")
struct GeneratedSpecAuditTests {
    @Test func labelsThatAreOnlyNamesAreFoundAtTheirLinesAndSaidOnce() throws {
        let spec = """
            {"openapi": "3.1.0", "servers": [{"url": "https://api.example.com"}],
             "paths": {"/bookings": {"post": {"operationId": "createBooking", "summary": "Book",
               "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                 "city": {"type": "string"},
                 "ref_no": {"type": "string", "description": "The booking reference."}}}}}}}}}}
            """
        let english = Localizer(language: .en)
        let document = try SpecDocument.decode(bytes: Array(spec.utf8), file: "bookings.json", isJSON: true)
        let result = try OpenAPIAudit.audit(document, operation: "createBooking", localizer: english)
        let named = result.violations.filter { $0.ruleID == "label-is-property-name" }
        // "City" is a plain, right label; "Ref no" is read as the word "ref", whatever its hint says.
        #expect(named.compactMap(\.location.field) == ["ref_no"])
        let finding = try #require(named.first)
        #expect(finding.location.file == "bookings.json" && finding.location.line == 5, "at the property")
        let text = finding.messageText(english)
        #expect(text.contains("createBooking") && text.contains("\"Ref no\"") && text.contains("Ref"))
        #expect(!text.contains(english.text("openapi.lacks.title")), "what to add is said once")
    }
}
