import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozSession

@Suite struct SessionModelTests {
    private let form = Form(
        id: "f", title: "F",
        fields: ["name", "email", "password", "coupon"].map { Field(id: $0, label: $0.capitalized) },
        submit: SubmitSpec(label: "Crear cuenta", url: literalURL("http://127.0.0.1/x")))

    @Test func focusGoesToTheFirstFailingFieldInFormOrderWhateverTheServerOrder() {
        var model = SessionModel(form: form)
        model.applyFailure([
            FieldError(fieldID: "coupon", message: "caducado"),
            FieldError(fieldID: "email", message: "registrado"),
            FieldError(fieldID: "ghost", message: "nadie"),
        ])
        #expect(model.focus == .field(1))
        #expect(model.errors == ["coupon": "caducado", "email": "registrado"])
        model.setAnswer("b@example.com", value: .text("b@example.com"), forField: "email")
        model.advance()
        #expect(model.focus == .field(3))
        model.setAnswer("", value: nil, forField: "coupon")
        model.advance()
        #expect(model.focus == .submit)
    }

    /// Every value a secret field held is kept for redaction, in order, once each; other fields' values are not.
    @Test func everyValueASecretFieldHeldIsRemembered() {
        let form = Form(
            id: "f", title: "F",
            fields: [Field(id: "name", label: "Name"), Field(id: "pin", label: "PIN", kind: .secret)],
            submit: SubmitSpec(label: "Send", url: literalURL("http://127.0.0.1/x")))
        var model = SessionModel(form: form)
        for (id, typed) in [("pin", "first-pin"), ("name", "Ana"), ("pin", "second-pin"), ("pin", "first-pin")] {
            model.setAnswer(typed, value: .text(typed), forField: id)
        }
        #expect(model.secretsHeld == ["first-pin", "second-pin"])
    }

    @Test func firstPassAsksEveryFieldOnceThenTheSubmitControl() {
        var model = SessionModel(form: form)
        for id in ["name", "email", "password", "coupon"] {
            #expect(model.focusedField?.id == id)
            model.setAnswer("x", value: .text("x"), forField: id)
            model.advance()
        }
        #expect(model.focus == .submit)
    }

    @Test(arguments: [
        ("2", FocusTarget.field(1)), ("email", .field(1)), ("PASSWORD", .field(2)), ("cou", .field(3)),
        ("crear cuenta", .submit), ("enviar", .submit),
    ])
    func goFindsAFieldByPositionLabelOrId(target: String, expected: FocusTarget) {
        var model = SessionModel(form: form)
        let found = model.go(to: target)
        #expect(found)
        #expect(model.focus == expected)
    }

    @Test func goToNothingKeepsFocus() {
        var model = SessionModel(form: form)
        let byNumber = model.go(to: "9")
        let byName = model.go(to: "teléfono")
        #expect(!byNumber)
        #expect(!byName)
        #expect(model.focus == .field(0))
    }

    @Test func nextAndPreviousStopAtTheEnds() {
        var model = SessionModel(form: form)
        model.previous()
        #expect(model.focus == .field(0))
        for _ in 0..<6 { model.next() }
        #expect(model.focus == .submit)
        model.previous()
        #expect(model.focus == .field(3))
    }
}
