import Foundation
import Testing

@testable import VozAccessibility
@testable import VozForm
@testable import VozKit
@testable import VozLocalization

@Suite struct AccessibilityTreeTests {
    static let form = Form(
        id: "f", title: "Crear cuenta",
        fields: [SampleFields.name, SampleFields.email, SampleFields.password, SampleFields.plan],
        submit: SubmitSpec(label: "Crear cuenta", busyLabel: "Enviando", url: URL(fileURLWithPath: "/")))

    static func tree(
        _ language: Language, values: FormValues = FormValues(), errors: [FieldError] = [],
        submit: SubmitControlState = .enabled
    ) -> AccessibilityTree {
        AccessibilityTree(
            form: form, values: values, errors: errors, submit: submit, localizer: Localizer(language: language))
    }

    @Test func everyFieldHasAnElementInFormOrder() {
        let tree = Self.tree(.es)
        #expect(tree.fields.map(\.focusTarget) == ["name", "email", "password", "plan"])
        #expect(tree.fields.map(\.label) == ["Nombre completo", "Correo electrónico", "Contraseña", "Plan"])
        #expect(tree.fields.map(\.position) == [1, 2, 3, 4])
        #expect(tree.elements.last?.focusTarget == "submit")
        #expect(tree.fields.allSatisfy { $0.traits.contains(.required) })
        #expect(tree.element(focus: "password")?.traits == [.required, .secret])
    }

    @Test(arguments: [(Language.es, "oculto, 9 caracteres"), (.en, "hidden, 9 characters")])
    func secretValuesAreOnlyTheirLength(language: Language, expected: String) {
        let tree = Self.tree(language, values: FormValues(["password": .text("s3creto!!")]))
        #expect(tree.element(focus: "password")?.value == expected)
        #expect(!(tree.element(focus: "password")?.spoken(Localizer(language: language)).contains("s3creto") ?? true))
    }

    @Test func errorsMarkTheFieldInvalidAndTheFirstWins() {
        let errors = [
            FieldError(fieldID: "email", message: "ese correo ya está registrado."),
            FieldError(fieldID: "email", message: "otro error."),
            FieldError(fieldID: "plan", message: "Plan: no disponible."),
        ]
        let tree = Self.tree(.es, errors: errors)
        #expect(tree.element(focus: "email")?.error == "ese correo ya está registrado.")
        #expect(tree.element(focus: "email")?.traits.contains(.invalid) == true)
        #expect(tree.element(focus: "plan")?.error == "no disponible.")
        #expect(tree.firstInvalid?.focusTarget == "email")
    }

    @Test func validationErrorsFitTheTree() throws {
        let validator = FieldValidator(localizer: Localizer(language: .es))
        let errors = validator.validate(FormValues(["email": .text("ana")]), in: Self.form).map(\.fieldError)
        let tree = Self.tree(.es, errors: errors)
        #expect(tree.firstInvalid?.focusTarget == "name")
        #expect(tree.fields.filter { $0.traits.contains(.invalid) }.count == 4)
    }

    @Test func submitControlTakesItsBusyLabelAndAlwaysHasADisabledReason() {
        #expect(Self.tree(.es).submit.label == "Crear cuenta")
        #expect(Self.tree(.es).submit.traits.isEmpty)
        let sending = Self.tree(.es, submit: .sending).submit
        #expect(sending.label == "Enviando")
        #expect(sending.traits == [.busy, .disabled])
        #expect(sending.disabledReason == "hasta que termine el envío")
        let disabled = Self.tree(.en, submit: .disabled(reason: "fix the 2 marked fields")).submit
        #expect(disabled.traits == [.disabled])
        #expect(disabled.disabledReason == "fix the 2 marked fields")
    }
}
