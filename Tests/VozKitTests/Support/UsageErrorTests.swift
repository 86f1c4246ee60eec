import Testing

@testable import VozKit
@testable import VozLocalization

/// Issue 25 §5: command-line mistakes are said in the user's language (`voz --help` stays English, as documented).
@Suite struct UsageErrorTests {
    @Test(arguments: [
        (
            UsageError.unknownCommand("hablar"), Language.en,
            "voz has no command called hablar. Run voz --help to see the commands."
        ),
        (
            .unknownCommand("hablar"), .es,
            "voz no tiene ningún comando llamado hablar. Ejecuta voz --help para ver los comandos."
        ),
        (
            .unknownOption(command: "run", option: "--rapido"), .en,
            "voz run has no option --rapido. Run voz run --help to see its options."
        ),
        (
            .unknownOption(command: "run", option: "--rapido"), .es,
            "voz run no tiene la opción --rapido. Ejecuta voz run --help para ver sus opciones."
        ),
        (
            .unknownOption(command: "run", option: "--rapido"), .de,
            "voz run hat keine Option --rapido. Führe voz run --help aus, um seine Optionen zu sehen."
        ),
        (
            .missingValue(command: "run", option: "url", valueName: "URL"), .fr,
            "voz run : l'option --url a besoin d'une valeur (URL)."
        ),
        (
            .repeatedOption(command: "run", option: "log"), .it,
            "voz run: l'opzione --log compare più di una volta; indicala una volta sola."
        ),
        (
            .missingArgument(command: "run", name: "FORM"), .ptBR,
            "voz run precisa de FORM. Execute voz run --help para ver um exemplo."
        ),
        (.extraArgument(command: "say", argument: "otra"), .es, "voz say no admite el argumento de más otra."),
        (
            .invalidValue(option: "format", value: "xml", expected: .oneOf(["text", "json", "sarif"])), .en,
            "The value xml for --format is not valid: expected one of text, json, sarif."
        ),
        (
            .invalidValue(option: "format", value: "xml", expected: .oneOf(["text", "json", "sarif"])), .es,
            "El valor xml de --format no es válido: se esperaba una de estas palabras: text, json, sarif."
        ),
        (
            .invalidValue(option: "status", value: "9", expected: .numberRange(100, 599)), .fr,
            "La valeur 9 de --status n'est pas valide : attendu un nombre de 100 à 599."
        ),
        (
            .invalidValue(option: "set", value: "nombre", expected: .shape("ID=VALUE")), .es,
            "El valor nombre de --set no es válido: se esperaba ID=VALUE."
        ),
        (
            .invalidValue(option: "url", value: "x", expected: .address(parameters: ["{evento}"])), .es,
            "El valor x de --url no es válido: se esperaba una dirección http o https con {evento} donde el formulario "
                + "los rellena."
        ),
        (
            .invalidValue(option: "help", value: "yes", expected: .noValue), .de,
            "Der Wert yes für --help ist ungültig: erwartet kein Wert."
        ),
    ])
    func aMistakeIsSaidInTheUsersLanguage(error: UsageError, language: Language, expected: String) {
        #expect(error.message(Localizer(language: language)) == expected)
    }

    static let every: [UsageError] = [
        .unknownCommand("x"), .unknownOption(command: "run", option: "--x"),
        .missingValue(command: "run", option: "url", valueName: "URL"), .repeatedOption(command: "run", option: "log"),
        .missingArgument(command: "run", name: "FORM"), .extraArgument(command: "run", argument: "x"),
        .invalidValue(option: "o", value: "v", expected: .noValue),
        .invalidValue(option: "o", value: "v", expected: .wholeNumber),
        .invalidValue(option: "o", value: "v", expected: .wholeNumberUpTo(9)),
        .invalidValue(option: "o", value: "v", expected: .address(parameters: [])),
        .invalidValue(option: "o", value: "v", expected: .fileName),
        .invalidValue(option: "o", value: "v", expected: .loopback),
    ]

    @Test(arguments: Language.allCases)
    func everyMistakeComesFromTheCatalog(language: Language) {
        for error in Self.every {
            let said = error.message(Localizer(language: language))
            #expect(!said.contains("usage."), "a key, not a phrase: \(said)")
            if language != .en { #expect(said != error.description, "left in English: \(said)") }
        }
    }
}
