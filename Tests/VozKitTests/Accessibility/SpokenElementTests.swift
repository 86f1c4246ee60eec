import Foundation
import Testing

@testable import VozAccessibility
@testable import VozForm
@testable import VozKit
@testable import VozLocalization

@Suite struct SpokenElementTests {
    private func spoken(
        _ field: Field, _ language: Language, index: Int = 0, count: Int = 4, value: FieldValue? = nil,
        error: String? = nil
    ) -> String {
        let localizer = Localizer(language: language)
        return AccessibleElement.field(
            field, index: index, count: count, value: value, error: error, localizer: localizer
        )
        .spoken(localizer)
    }

    @Test func fieldWithAServerErrorSaysTheMostImportantFirst() {
        #expect(
            spoken(
                SampleFields.email, .es, index: 1, value: .text("ana@example.com"),
                error: "ese correo ya está registrado.")
                == "Campo 2 de 4. Correo electrónico, obligatorio, no válido: ese correo ya está registrado. "
                + "Ejemplo: ana@ejemplo.com. Valor actual: ana@example.com.")
        #expect(
            spoken(
                SampleFields.email, .en, index: 1, value: .text("ana@example.com"),
                error: "that address is already registered.")
                == "Field 2 of 4. Correo electrónico, required, invalid: that address is already registered. "
                + "Example: ana@ejemplo.com. Current value: ana@example.com.")
    }

    @Test func aLocalErrorWithItsExampleIsNotFollowedByTheSameExample() throws {
        let validator = FieldValidator(localizer: Localizer(language: .es))
        var detail = ""
        do { _ = try validator.parse("ana", for: SampleFields.email) } catch { detail = error.detail }
        #expect(
            spoken(SampleFields.email, .es, index: 1, value: .text("ana"), error: detail)
                == "Campo 2 de 4. Correo electrónico, obligatorio, no válido: falta la arroba. "
                + "Ejemplo: ana@ejemplo.com. Valor actual: ana.")
    }

    @Test(arguments: [
        (
            Language.es,
            "Campo 4 de 4. Plan, obligatorio. Elige un número del 1 al 3: 1, Gratis; 2, Pro; 3, Empresa. "
                + "Si lo dejas vacío: Gratis. Valor actual: Pro."
        ),
        (
            .en,
            "Field 4 of 4. Plan, required. Choose a number from 1 to 3: 1, Gratis; 2, Pro; 3, Empresa. "
                + "If left empty: Gratis. Current value: Pro."
        ),
    ])
    func choiceListsItsNumberedOptionsAndDefault(language: Language, expected: String) {
        var plan = SampleFields.plan
        plan.defaultValue = "free"
        #expect(spoken(plan, language, index: 3, value: .text("pro")) == expected)
    }

    @Test(arguments: [
        (
            Language.es,
            "Campo 3 de 4. Contraseña, obligatorio, texto oculto. Al menos 8 caracteres. Valor actual: oculto, 5 caracteres."
        ),
        (
            .en,
            "Field 3 of 4. Contraseña, required, hidden text. At least 8 characters. Current value: hidden, 5 characters."
        ),
    ])
    func secretSaysItIsHiddenAndOnlyItsLength(language: Language, expected: String) {
        #expect(spoken(SampleFields.password, language, index: 2, value: .text("abcde")) == expected)
    }

    @Test(arguments: [
        (Language.es, "Campo 1 de 2. Acepto las condiciones, obligatorio. Responde sí o no. Valor actual: sí."),
        (.en, "Field 1 of 2. Acepto las condiciones, required. Answer yes or no. Current value: yes."),
    ])
    func confirmAsksForYesOrNo(language: Language, expected: String) {
        #expect(spoken(SampleFields.terms, language, count: 2, value: .bool(true)) == expected)
    }

    @Test(arguments: [
        (Language.es, "Campo 1 de 1. Edad. Escribe un número entre 18 y 120. Valor actual: 42,5."),
        (.en, "Field 1 of 1. Edad. Type a number between 18 and 120. Current value: 42.5."),
    ])
    func numberSaysItsRangeAndValueInTheLanguage(language: Language, expected: String) {
        #expect(spoken(SampleFields.age, language, count: 1, value: .number(42.5)) == expected)
    }

    @Test(arguments: [
        (Language.es, "Campo 2 de 2. Cupón. De 4 a 12 letras o cifras. Ejemplo: VERANO25."),
        (.en, "Field 2 of 2. Cupón. De 4 a 12 letras o cifras. Example: VERANO25."),
    ])
    func optionalFieldSaysHintThenExample(language: Language, expected: String) {
        #expect(spoken(SampleFields.coupon, language, index: 1, count: 2) == expected)
    }

    @Test func multilineValueIsSaidOnOneLine() {
        #expect(
            spoken(SampleFields.notes, .en, count: 1, value: .text("one\ntwo"))
                == "Field 1 of 1. Notas. You can type several lines; an empty line ends the answer. "
                + "Current value: one two.")
    }

    @Test func multichoiceSaysHowToChooseSeveral() {
        #expect(
            spoken(SampleFields.extras, .es, count: 1, value: .list(["backup", "domain"]))
                == "Campo 1 de 1. Extras. Elige uno o más números separados por comas, del 1 al 3: 1, Copias de seguridad; "
                + "2, Soporte; 3, Dominio propio. Valor actual: Copias de seguridad y Dominio propio.")
    }

    @Test(arguments: [
        (SubmitControlState.enabled, Language.es, "Crear cuenta, botón."),
        (.sending, .es, "Enviando, botón, no disponible: hasta que termine el envío."),
        (
            .disabled(reason: "corrige los 2 campos marcados."), .es,
            "Crear cuenta, botón, no disponible: corrige los 2 campos marcados."
        ),
        (.enabled, .en, "Crear cuenta, button."),
        (.sending, .en, "Enviando, button, unavailable: wait until sending ends."),
    ])
    func submitControlSaysItsStateAndWhy(state: SubmitControlState, language: Language, expected: String) {
        let localizer = Localizer(language: language)
        let spec = SubmitSpec(label: "Crear cuenta", busyLabel: "Enviando", url: URL(fileURLWithPath: "/"))
        #expect(AccessibleElement.submit(spec, state: state, localizer: localizer).spoken(localizer) == expected)
    }

    @Test func exampleFormIsSpokenWithoutJSONOrSymbols() throws {
        let document = try FormFile.load(path: FormFixtures.examples.appendingPathComponent("crear-cuenta.json").path)
        let localizer = Localizer(language: .es)
        let tree = AccessibilityTree(
            form: document.form, values: FormValues(), errors: [], submit: .enabled, localizer: localizer)
        for element in tree.elements {
            let text = element.spoken(localizer)
            #expect(!text.contains("{") && !text.contains("[") && !text.contains("\""), "\(text)")
        }
        #expect(
            tree.fields[4].spoken(localizer)
                == "Campo 5 de 6. Plan, obligatorio. Elige un número del 1 al 3: 1, Gratis; 2, Pro; 3, Empresa. "
                + "Puedes cambiarlo más tarde. Si lo dejas vacío: Gratis.")
    }
}

/// Issue 25, section 5: a choice of one option was said "Choose a number from 1 to 1"; the Italian hidden value was
/// "nascosto", which does not agree with "la password".
@Suite struct SpokenWordingTests {
    @Test(arguments: [FieldKind.choice, .multichoice])
    func aChoiceOfOneOptionSaysItIsTheOnlyOne(kind: FieldKind) {
        let field = Field(
            id: "plan", label: "Plan", kind: kind, options: [FieldOption(value: "free", label: "Free")])
        let localizer = Localizer(language: .en)
        let spoken = AccessibleElement.field(field, index: 0, count: 1, value: nil, error: nil, localizer: localizer)
            .spoken(localizer)
        #expect(spoken.contains("The only option: 1, Free. Type 1 to choose it."), "\(spoken)")
        #expect(!spoken.contains("1 to 1"))
    }

    @Test(arguments: Language.allCases)
    func noLanguageSaysFromOneToOne(language: Language) {
        let field = Field(id: "plan", label: "Plan", kind: .choice, options: [FieldOption(value: "a", label: "A")])
        let localizer = Localizer(language: language)
        let spoken = AccessibleElement.field(field, index: 0, count: 1, value: nil, error: nil, localizer: localizer)
            .spoken(localizer)
        #expect(spoken.contains(localizer.text("access.choice.single", ["options": "1, A"])), "\(spoken)")
    }

    @Test func italianSaysAHiddenValueWithoutAGenderItCannotKnow() {
        let hidden = Localizer(language: .it).plural("access.hidden", count: 9, ["count": "9"])
        #expect(hidden == "valore nascosto, 9 caratteri")
    }
}
