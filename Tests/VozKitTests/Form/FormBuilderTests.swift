import Foundation
import Testing

@testable import VozKit

/// Forms written in Swift: the builder reads as the form sounds, infers what the audit expects, and is checked by
/// the same form rules as a form file.
@Suite struct FormBuilderTests {
    static let url = literalURL("https://example.org/accounts")

    @Test(arguments: [
        ("Full name", "fullName"), ("E-mail", "eMail"), ("Correo electrónico", "correoElectronico"),
        ("  Número de  teléfono? ", "numeroDeTelefono"), ("2nd line", "field2ndLine"), ("¿?", "field"),
    ])
    func anIdIsMadeFromTheLabel(label: String, id: String) {
        #expect(Field.text(label).id == id)
    }

    @Test func fieldsAreAskedInTheOrderWrittenWithWhatWasSaidOfThem() {
        let optional = false
        let form = Form("Sign up", locale: "en", sendTo: Self.url) {
            Field.text("Full name", id: "name").required().hint("As on your ID.")
            Field.email("E-mail", id: "email").required().placeholder("ana@example.com")
            if optional { Field.text("Nickname") }
            Field.secret("Password", id: "password").required().minLength(8).maxLength(64)
            Field.number("Age").range(18...130)
            Field.choice("Plan", options: ["Free", "Pro"])
        }
        #expect(form.id == "signUp" && form.submit.label == "Sign up" && form.locale == "en")
        #expect(form.fields.map(\.id) == ["name", "email", "password", "age", "plan"])
        #expect(form.fields.map(\.kind) == [.text, .email, .secret, .number, .choice])
        #expect(form.fields.map(\.required) == [true, true, true, false, false])
        #expect(form.fields[0].hint == "As on your ID." && form.fields[1].placeholder == "ana@example.com")
        #expect(form.fields[2].rules.minLength == 8 && form.fields[2].rules.maxLength == 64)
        #expect(form.fields[3].rules.min == 18 && form.fields[3].rules.max == 130)
        #expect(form.fields[4].options.map(\.value) == ["Free", "Pro"])
    }

    /// A field about the user gets the purpose the audit expects, so the audit's purpose rule passes by
    /// construction; a purpose given is kept.
    @Test func purposesAreTheOnesTheAuditExpects() {
        let form = Form("Sign up", sendTo: Self.url) {
            Field.text("Full name", id: "name").required()
            Field.email("E-mail", id: "email").required()
            Field.secret("Password", id: "password").required()
            Field.text("Nickname").purpose("nickname")
        }
        #expect(form.fields.map(\.purpose) == ["name", "email", "new-password", "nickname"])
        #expect(FormCheck.findings(form).isEmpty, "\(FormCheck.findings(form))")
    }

    /// What a debug build stops on: the audit's serious findings, and ids given twice. (The stop itself is an
    /// `assertionFailure` with exactly this text.)
    @Test func aFormThatCannotBeHeardIsNamedWithItsProblems() throws {
        var form = Form(id: "f", title: "Ask", fields: [], submit: SubmitSpec(label: "Send", url: Self.url))
        form.fields = [
            Field(id: "name", label: "", kind: .text), Field(id: "name", label: "Name again", kind: .text),
            Field(id: "plan", label: "Plan", kind: .choice),
        ]
        let problems = try #require(FormCheck.problems(form))
        #expect(problems.hasPrefix("The form Ask cannot be heard as it is:"))
        #expect(problems.contains("Two fields have the id name"))
        #expect(problems.contains("(label-missing, critical)") || problems.contains("(label-missing, serious)"))
        #expect(problems.contains("choice"), "\(problems)")
        let good = Form("Ask", sendTo: Self.url) { Field.text("Name").required() }
        #expect(FormCheck.problems(good) == nil)
    }
}
