import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization

/// Fields used across the validation and accessibility tests.
enum SampleFields {
    static let name = Field(
        id: "name", label: "Nombre completo", required: true, placeholder: "Ana Pérez", purpose: "name")
    static let email = Field(
        id: "email", label: "Correo electrónico", kind: .email, required: true, placeholder: "ana@ejemplo.com")
    static let password = Field(
        id: "password", label: "Contraseña", kind: .secret, required: true, rules: FieldRules(minLength: 8))
    static let coupon = Field(
        id: "coupon", label: "Cupón", hint: "De 4 a 12 letras o cifras.", placeholder: "VERANO25",
        rules: FieldRules(pattern: "[A-Za-z0-9]{4,12}", patternMessage: "usa de 4 a 12 letras o cifras, como VERANO25.")
    )
    static let age = Field(id: "age", label: "Edad", kind: .number, rules: FieldRules(min: 18, max: 120))
    static let plan = Field(
        id: "plan", label: "Plan", kind: .choice, required: true,
        options: [
            FieldOption(value: "free", label: "Gratis"), FieldOption(value: "pro", label: "Pro"),
            FieldOption(value: "business", label: "Empresa"),
        ])
    static let extras = Field(
        id: "extras", label: "Extras", kind: .multichoice,
        options: [
            FieldOption(value: "backup", label: "Copias de seguridad"), FieldOption(value: "support", label: "Soporte"),
            FieldOption(value: "domain", label: "Dominio propio"),
        ])
    static let terms = Field(id: "terms", label: "Acepto las condiciones", kind: .confirm, required: true)
    static let news = Field(id: "news", label: "Boletín", kind: .confirm)
    static let notes = Field(id: "notes", label: "Notas", kind: .multiline, rules: FieldRules(maxLength: 20))
}

@Suite struct FieldValidatorTests {
    let spanish = FieldValidator(localizer: Localizer(language: .es))
    let english = FieldValidator(localizer: Localizer(language: .en))

    private func message(_ validator: FieldValidator, _ input: String, _ field: Field) -> String? {
        do {
            _ = try validator.parse(input, for: field)
            return nil
        } catch {
            return error.message
        }
    }

    // MARK: - Accepted answers

    @Test(
        arguments: [
            ("  Ana Pérez ", SampleFields.name, FieldValue.text("Ana Pérez")),
            ("ana@ejemplo.com", SampleFields.email, .text("ana@ejemplo.com")),
            (" clave segura ", SampleFields.password, .text(" clave segura ")),
            ("VERANO25", SampleFields.coupon, .text("VERANO25")),
            ("18", SampleFields.age, .number(18)),
            ("42,5", SampleFields.age, .number(42.5)),
            ("42.5", SampleFields.age, .number(42.5)),
            ("2", SampleFields.plan, .text("pro")),
            ("empresa", SampleFields.plan, .text("business")),
            ("2.", SampleFields.plan, .text("pro")),
            ("GRATIS", SampleFields.plan, .text("free")),
            ("business", SampleFields.plan, .text("business")),
            ("3, 1", SampleFields.extras, .list(["backup", "domain"])),
            ("1 3", SampleFields.extras, .list(["backup", "domain"])),
            ("soporte, dominio propio", SampleFields.extras, .list(["support", "domain"])),
            ("Sí", SampleFields.terms, .bool(true)),
            ("si", SampleFields.terms, .bool(true)),
            ("s", SampleFields.terms, .bool(true)),
            ("yes", SampleFields.terms, .bool(true)),
            ("Y", SampleFields.terms, .bool(true)),
            ("no", SampleFields.news, .bool(false)),
            ("n", SampleFields.news, .bool(false)),
            ("línea uno\nlínea dos", SampleFields.notes, .text("línea uno\nlínea dos")),
        ] as [(String, Field, FieldValue)])
    func acceptsAnswers(input: String, field: Field, expected: FieldValue) throws {
        #expect(try spanish.parse(input, for: field) == expected)
        #expect(try english.parse(input, for: field) == expected)
    }

    @Test func emptyOptionalIsNilAndDefaultsApply() throws {
        #expect(try spanish.parse("  ", for: SampleFields.coupon) == nil)
        var plan = SampleFields.plan
        plan.defaultValue = "free"
        #expect(try spanish.parse("", for: plan) == .text("free"))
    }

    // MARK: - Refused answers, in both languages

    @Test(
        arguments: [
            (
                "", SampleFields.name, "Nombre completo: es obligatorio. Escribe tu nombre. Ejemplo: Ana Pérez.",
                "Nombre completo: required. Type your name. Example: Ana Pérez."
            ),
            (
                "ana.ejemplo.com", SampleFields.email, "Correo electrónico: falta la arroba. Ejemplo: ana@ejemplo.com.",
                "Correo electrónico: the at sign is missing. Example: ana@ejemplo.com."
            ),
            (
                "ana@@ejemplo.com", SampleFields.email,
                "Correo electrónico: tiene más de una arroba; debe tener solo una. Ejemplo: ana@ejemplo.com.",
                "Correo electrónico: it has more than one at sign; it needs exactly one. Example: ana@ejemplo.com."
            ),
            (
                "ana@ejemplo", SampleFields.email,
                "Correo electrónico: al dominio le falta el punto, como en ejemplo.com. Ejemplo: ana@ejemplo.com.",
                "Correo electrónico: the domain needs a dot, as in example.com. Example: ana@ejemplo.com."
            ),
            (
                "ana pérez@ejemplo.com", SampleFields.email,
                "Correo electrónico: no puede tener espacios. Ejemplo: ana@ejemplo.com.",
                "Correo electrónico: it cannot contain spaces. Example: ana@ejemplo.com."
            ),
            (
                "@ejemplo.com", SampleFields.email,
                "Correo electrónico: falta el nombre antes de la arroba. Ejemplo: ana@ejemplo.com.",
                "Correo electrónico: the name before the at sign is missing. Example: ana@ejemplo.com."
            ),
            (
                "ana@", SampleFields.email,
                "Correo electrónico: falta el dominio después de la arroba. Ejemplo: ana@ejemplo.com.",
                "Correo electrónico: the domain after the at sign is missing. Example: ana@ejemplo.com."
            ),
            (
                "ana..b@ejemplo.com", SampleFields.email,
                "Correo electrónico: tiene un punto al principio, al final o dos seguidos. Ejemplo: ana@ejemplo.com.",
                "Correo electrónico: it has a dot at the start, at the end, or two in a row. Example: ana@ejemplo.com."
            ),
            (
                "ana(b)@ejemplo.com", SampleFields.email,
                "Correo electrónico: tiene un carácter que no vale en un correo: \"(\". Ejemplo: ana@ejemplo.com.",
                "Correo electrónico: it has a character an e-mail address cannot have: \"(\". Example: ana@ejemplo.com."
            ),
            (
                "corta", SampleFields.password, "Contraseña: tiene menos de 8 caracteres. Escribe al menos 8.",
                "Contraseña: it has fewer than 8 characters. Type at least 8."
            ),
            (
                "", SampleFields.password, "Contraseña: es obligatorio. Escribe una respuesta.",
                "Contraseña: required. Type an answer."
            ),
            (
                "VERANO 25", SampleFields.coupon, "Cupón: usa de 4 a 12 letras o cifras, como VERANO25.",
                "Cupón: usa de 4 a 12 letras o cifras, como VERANO25."
            ),
            (
                "doce", SampleFields.age, "Edad: escribe un número, con coma o punto para los decimales.",
                "Edad: type a number, with a dot or a comma for decimals."
            ),
            (
                "1.000,5", SampleFields.age, "Edad: escribe un número, con coma o punto para los decimales.",
                "Edad: type a number, with a dot or a comma for decimals."
            ),
            ("12,5", SampleFields.age, "Edad: debe estar entre 18 y 120.", "Edad: it must be between 18 and 120."),
            (
                "7", SampleFields.plan,
                "Plan: esa opción no existe. Elige un número del 1 al 3: 1, Gratis; 2, Pro; 3, Empresa.",
                "Plan: there is no such option. Choose a number from 1 to 3: 1, Gratis; 2, Pro; 3, Empresa."
            ),
            (
                "", SampleFields.plan, "Plan: es obligatorio. Elige un número del 1 al 3.",
                "Plan: required. Choose a number from 1 to 3."
            ),
            (
                "1, 9", SampleFields.extras,
                "Extras: 9 no es una de las opciones. Escribe sus números separados por comas, del 1 al 3.",
                "Extras: 9 is not one of the options. Type their numbers separated by commas, from 1 to 3."
            ),
            ("quizá", SampleFields.news, "Boletín: responde sí o no.", "Boletín: answer yes or no."),
            (
                "no", SampleFields.terms, "Acepto las condiciones: hay que aceptarlo para continuar. Responde sí.",
                "Acepto las condiciones: you must accept this to continue. Answer yes."
            ),
            (
                "", SampleFields.terms, "Acepto las condiciones: hay que aceptarlo para continuar. Responde sí.",
                "Acepto las condiciones: you must accept this to continue. Answer yes."
            ),
            (
                "hola\u{1B}[2J", SampleFields.name,
                "Nombre completo: tiene caracteres de control. Escríbelo de nuevo sin ellos.",
                "Nombre completo: it has control characters. Type it again without them."
            ),
            (
                "una nota demasiado larga", SampleFields.notes,
                "Notas: tiene más de 20 caracteres. Escribe como mucho 20.",
                "Notas: it has more than 20 characters. Type at most 20."
            ),
        ] as [(String, Field, String, String)])
    func refusesWithASentenceThatNamesTheFieldAndTheFix(
        input: String, field: Field, spanishText: String, englishText: String
    ) {
        #expect(message(spanish, input, field) == spanishText)
        #expect(message(english, input, field) == englishText)
    }

    @Test func emailWithoutPlaceholderUsesTheCatalogExample() {
        let field = Field(id: "email", label: "E-mail", kind: .email)
        #expect(message(english, "ana", field) == "E-mail: the at sign is missing. Example: ana@example.com.")
        #expect(message(spanish, "ana", field) == "E-mail: falta la arroba. Ejemplo: ana@ejemplo.com.")
    }

    @Test func formMessagesOverrideCatalogPhrases() {
        let validator = FieldValidator(
            localizer: Localizer(
                language: .es, overrides: ["validation.confirm.invalid": "contesta sí o no, por favor."]))
        #expect(message(validator, "tal vez", SampleFields.news) == "Boletín: contesta sí o no, por favor.")
    }

    @Test func lengthCountsCharactersNotBytes() throws {
        let field = Field(id: "x", label: "X", rules: FieldRules(minLength: 3, maxLength: 3))
        #expect(try spanish.parse("ñá😀", for: field) == .text("ñá😀"))
    }

    @Test func errorCarriesReasonAndAFieldErrorWithoutTheLabel() {
        do {
            _ = try spanish.parse("ana", for: SampleFields.email)
            Issue.record("accepted an address without @")
        } catch {
            #expect(error.reason == .email(.missingAt))
            #expect(
                error.fieldError == FieldError(fieldID: "email", message: "falta la arroba. Ejemplo: ana@ejemplo.com."))
        }
    }

    // MARK: - Whole forms

    @Test func wholeFormErrorsComeInFormOrder() {
        let form = Form(
            id: "f", title: "F",
            fields: [
                SampleFields.name, SampleFields.email, SampleFields.password, SampleFields.plan, SampleFields.terms,
            ],
            submit: SubmitSpec(label: "Enviar", url: URL(fileURLWithPath: "/")))
        let values = FormValues([
            "terms": .bool(false), "password": .text("corta"), "email": .text("ana"), "plan": .text("gold"),
        ])
        let errors = spanish.validate(values, in: form)
        #expect(errors.map(\.fieldID) == ["name", "email", "password", "plan", "terms"])
        #expect(errors.map(\.reason) == [.required, .email(.missingAt), .tooShort, .unknownOption, .mustAccept])
        let fine = FormValues([
            "name": .text("Ana"), "email": .text("ana@ejemplo.com"), "password": .text("muy segura"),
            "plan": .text("pro"), "terms": .bool(true),
        ])
        #expect(spanish.validate(fine, in: form).isEmpty)
    }

    @Test func wrongShapeIsRefused() {
        let form = Form(
            id: "f", title: "F", fields: [SampleFields.age],
            submit: SubmitSpec(label: "Enviar", url: URL(fileURLWithPath: "/")))
        #expect(english.validate(FormValues(["age": .text("x")]), in: form).map(\.reason) == [.wrongType])
    }
}
