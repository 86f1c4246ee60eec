import Foundation
import Testing

@testable import VozAudit
@testable import VozForm
@testable import VozKit

/// The audit rules of issue 16's shapes, each on a form file it must flag and one it must pass, with the line.
@Suite struct ShapeRulesTests {
    static func document(_ fields: String, messages: String = "") throws -> FormDocument {
        let text = """
            {"id": "f", "title": "Inscripción",
             "fields": [
            \(fields)
             ],
             "submit": {"label": "Enviar", "url": "http://127.0.0.1:1/x"}\(messages)}
            """
        return try FormFile.decode(data: Data(text.utf8), path: "f.json", forAudit: true)
    }

    static func findings(_ rule: any FormRule, _ document: FormDocument) -> [Finding] {
        rule.check(document).violations
    }

    static let group = #"""
        {"id": "guests", "label": "Invitados", "kind": "group", "rules": {"maxItems": 2},
         "fields": [{"id": "name", "label": "nombre"}]}
        """#

    @Test func aGroupWithoutItemLabelIsFlaggedOnItsLine() throws {
        let failing = try Self.findings(GroupItemLabelRule(), Self.document(Self.group))
        #expect(failing.map(\.location.field) == ["guests"])
        #expect(failing.first?.location.line == 3)
        let labelled = Self.group.replacingOccurrences(
            of: #""kind": "group","#, with: #""kind": "group", "itemLabel": "Invitado","#)
        #expect(try Self.findings(GroupItemLabelRule(), Self.document(labelled)).isEmpty)
    }

    static func branch(_ labels: (String, String)) -> String {
        """
        {"id": "method", "label": "Forma de pago", "kind": "choice",
         "options": [{"value": "card", "label": "\(labels.0)"}, {"value": "bank", "label": "\(labels.1)"}]},
        {"id": "iban", "label": "IBAN", "when": {"field": "method", "equals": "bank"}}
        """
    }

    @Test(arguments: [("card_payment", "Banco"), ("Tarjeta", "BankAccount"), ("card", "Banco")])
    func aBranchChoiceWithSchemaNamesIsFlagged(labels: (String, String)) throws {
        let findings = try Self.findings(BranchOptionNameRule(), Self.document(Self.branch(labels)))
        #expect(findings.count == 1)
        #expect(findings.first?.location.field == "method")
    }

    @Test func aBranchChoiceWithWordsPasses() throws {
        #expect(try Self.findings(BranchOptionNameRule(), Self.document(Self.branch(("Tarjeta", "Banco")))).isEmpty)
        // The same names on a choice nothing depends on are another rule's business.
        let plain = #"{"id": "m", "label": "M", "kind": "choice", "options": [{"value": "a_b", "label": "a_b"}]}"#
        #expect(BranchOptionNameRule().check(try Self.document(plain)) == .inapplicable)
    }

    static let list = #"{"id": "tags", "label": "Temas", "kind": "list"}"#

    @Test func aListPhraseThatDoesNotSayHowToEndIsFlagged() throws {
        let silent = try Self.document(Self.list, messages: #", "messages": {"access.list": "Escribe los temas."}"#)
        let findings = Self.findings(ListEndInstructionRule(), silent)
        #expect(findings.map(\.location.field) == ["tags"])
        #expect(findings.first?.location.line == 5)
        let said = try Self.document(
            Self.list, messages: #", "messages": {"access.list": "Escribe los temas; una línea vacía termina."}"#)
        #expect(Self.findings(ListEndInstructionRule(), said).isEmpty)
        #expect(Self.findings(ListEndInstructionRule(), try Self.document(Self.list)).isEmpty)
    }
}
