import Foundation
import Testing
import VozJSON

@testable import VozAudit
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

@Suite("voz audit --openapi: findings at lines of the description")
struct OpenAPIAuditTests {
    static let spec = OpenAPIFormBuilderTests.fixtures.appendingPathComponent("audited.yaml").path
    let english = Localizer(language: .en)

    private func audit(_ operation: String? = nil, language: Language = .en) throws -> AuditResult {
        try OpenAPIAudit.audit(
            try SpecDocument.load(path: Self.spec), operation: operation, localizer: Localizer(language: language))
    }

    @Test("A field's finding is at its property's line and says what the description lacks")
    func fieldFindingsPointIntoTheSpec() throws {
        let result = try audit()
        #expect(result.files == [Self.spec])
        let format = try #require(result.violations.first { $0.ruleID == "format-instruction-missing" })
        #expect(format.location.file == Self.spec)
        #expect(format.location.line == 31)
        #expect(format.location.field == "code")
        let text = format.messageText(english)
        #expect(text.hasPrefix("updateTicket: "))
        #expect(
            text.hasSuffix("The description lacks a description for it; add one that says the format and its limits."))
        // The e-mail field has a title, a description and a format: nothing to say about it.
        #expect(!result.violations.contains { $0.location.field == "email" })
    }

    @Test("A limit the description's first sentence leaves out is said in the hint anyway, so nothing is lacking")
    func aLimitMissingFromTheFirstSentence() throws {
        let document = try SpecDocument.load(
            path: OpenAPIFormBuilderTests.fixtures.appendingPathComponent("accounts.yaml").path)
        let result = try OpenAPIAudit.audit(document, operation: "createAccount", localizer: english)
        #expect(!result.violations.contains { $0.location.field == "first_name" })
        let output = try OpenAPIFormBuilder.form(
            openAPI: document, operation: "createAccount", server: "http://127.0.0.1:1")
        let field = output.form["fields"]?.elements?.first { $0["id"]?.string == "first_name" }
        #expect(field?["hint"]?.string?.hasSuffix("At most 40 characters.") == true, "\(String(describing: field))")
    }

    @Test("An operation without a summary is found at its method's line, with the summary it lacks")
    func summaryMissing() throws {
        let found = try #require(try audit().violations.first { $0.ruleID == OpenAPIAudit.summaryMissing.id })
        #expect(found.location.line == 11)
        #expect(found.severity == .moderate)
        #expect(
            found.messageText(english)
                == "updateTicket: The form and its send button are called \"Update ticket\", the operation's id in "
                + "words. The description lacks a summary for the operation; add one that says what it does, such as "
                + "Create account.")
    }

    @Test("Operations that cannot become forms are named at their lines, as cases to review, not failures")
    func operationsWithoutFormsAreReported() throws {
        let result = try audit()
        let skipped = result.incomplete.filter { $0.ruleID == OpenAPIAudit.notAForm.id }
        #expect(skipped.map(\.location.line) == [39, 42, 45])
        #expect(
            skipped.map { $0.messageText(english) } == [
                "getTicket uses GET; Voz sends forms with POST, PUT or PATCH, so it has no form.",
                "ping asks for nothing: it has no body and no parameters, so it has no form.",
                "POST /photos takes neither a JSON nor a form body, which is all Voz can send, so it has no form.",
            ])
        #expect(!skipped.contains { $0.severity >= .serious })
    }

    @Test("One operation alone; one with no form is reported the same way")
    func oneOperation() throws {
        #expect(try audit("getTicket").incomplete.count == 1)
        let result = try audit("updateTicket")
        #expect(result.incomplete.allSatisfy { $0.ruleID != OpenAPIAudit.notAForm.id })
        #expect(result.violations.allSatisfy { $0.messageText(english).hasPrefix("updateTicket: ") })
        #expect(throws: SpecError.self) { try audit("nothing") }
    }

    @Test("The advice is said in the auditor's language")
    func adviceInTheAuditorsLanguage() throws {
        let format = try #require(
            try audit(language: .es).violations.first { $0.ruleID == "format-instruction-missing" })
        #expect(format.messageText(Localizer(language: .es)).contains("A la descripción le falta un description"))
    }

    @Test("An operation the description breaks is said in the auditor's language, problem and line too")
    func aBrokenOperationInTheAuditorsLanguage() throws {
        let spec = """
            {"openapi": "3.1.0", "info": {"title": "Nodes", "version": "1"},
             "servers": [{"url": "https://nodes.example"}],
             "paths": {"/nodes": {"post": {"operationId": "createNode", "summary": "Create node",
               "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}},
             "components": {"schemas": {"Node": {"$ref": "#/components/schemas/Node"}}}}
            """
        let document = try SpecDocument.decode(bytes: Array(spec.utf8), file: "nodes.json", isJSON: true)
        let spanish = Localizer(language: .es)
        let result = try OpenAPIAudit.audit(document, localizer: spanish)
        let broken = try #require(result.incomplete.first { $0.ruleID == OpenAPIAudit.notAForm.id })
        let text = broken.messageText(spanish)
        #expect(text.hasPrefix("createNode no puede ser un formulario: nodes.json: línea "), "\(text)")
        #expect(text.contains("se contiene a sí mismo"), "\(text)")
    }

    @Test(
        "Every rule that can blame the description's words names what it lacks",
        arguments: [
            ("format-instruction-missing", "openapi.lacks.description"), ("purpose-missing", "openapi.lacks.format"),
            ("submit-label-missing", "openapi.lacks.summary"), ("label-generic", "openapi.lacks.title"),
            ("group-item-label-missing", "openapi.lacks.itemTitle"), ("secret-value-present", nil),
        ])
    func lacks(rule: String, key: String?) {
        #expect(OpenAPIAudit.lack(ofRule: rule) == key)
        if let key { #expect(english.text(key) != key) }
    }

    /// JSON Schema has no format for a middle name: the advice is to name the property, never "add a format such
    /// as email"; an e-mail address or a web address does have one.
    @Test(
        "A missing purpose is blamed on a format only when JSON Schema has one for it",
        arguments: [
            ("additional-name", "openapi.lacks.purposeName"), ("street-address", "openapi.lacks.purposeName"),
            ("email", "openapi.lacks.format"), ("url", "openapi.lacks.format"),
        ])
    func purposeAdvice(token: String, key: String) {
        let finding = Finding(
            ruleID: "purpose-missing", severity: .serious, location: AuditLocation(file: "spec.yaml", line: 3),
            message: AuditMessage(key: "audit.purpose-missing.message", arguments: ["field": "x", "token": token]))
        #expect(OpenAPIAudit.lack(of: finding) == key)
        #expect(english.text(key) != key)
    }
}
