import Foundation
import Testing

/// Issue 36: what is wrong with the command line (an answers file that cannot be read, a bad `--set`, a bad
/// `--rate`, an unknown option) is said in the language of LC_ALL, LC_MESSAGES or LANG, as the README says, by the
/// real `voz`, whatever the form's own language: here a Spanish form run by people reading English and French.
@Suite struct CommandLineLanguageEndToEndTests {
    static let form = "examples/crear-cuenta.json"

    static let cases: [(options: [String], english: String, french: String)] = [
        (
            ["--answers", "/nonexistent/voz/respuestas.txt"],
            "Cannot read the answers file /nonexistent/voz/respuestas.txt: there is no file with that name.",
            "Impossible de lire le fichier de réponses /nonexistent/voz/respuestas.txt : aucun fichier ne porte ce nom."
        ),
        (
            ["--set", "nope"], "The value nope for --set is not valid: expected ID=VALUE.",
            "La valeur nope de --set n'est pas valide : attendu ID=VALUE."
        ),
        (
            ["--set", "nada=1"],
            "The form has no field nada for --set; its fields are name, email, password, coupon, plan, terms.",
            "Le formulaire n'a pas de champ nada pour --set ; ses champs sont name, email, password, coupon, plan, terms."
        ),
        (
            ["--rate", "5"], "The rate 5 from --rate is not valid: use words a minute, a number from 80 to 900.",
            "La vitesse 5 de --rate n'est pas valide : utilisez des mots par minute, un nombre de 80 à 900."
        ),
        (
            ["--rapido"], "voz run has no option --rapido. Run voz run --help to see its options.",
            "voz run n'a pas d'option --rapido. Lancez voz run --help pour voir ses options."
        ),
    ]

    @Test(arguments: cases.indices)
    func aMistakeOnTheCommandLineIsSaidInTheUsersLanguage(index: Int) async throws {
        let mistake = Self.cases[index]
        for (environment, expected) in [
            (["LANG": "en_US.UTF-8"], mistake.english),
            (["LANG": "es_ES.UTF-8", "LC_ALL": "fr_FR.UTF-8"], mistake.french),
            (["LC_MESSAGES": "fr_CA.UTF-8"], mistake.french),
        ] {
            let home = TemporaryFolder()
            let output = try await VozProcess.run(
                ["run", Self.form, "--speech", "none"] + mistake.options,
                environment: VozProcess.environment(home: home.url, extra: environment))
            #expect(output.status == 2, "\(environment)")
            #expect(output.standardError == expected + "\n", "\(environment)")
        }
    }

    /// Files named on the command line of other commands: a reply body that cannot be read, a form that cannot be
    /// written.
    @Test(
        arguments: [
            (
                [
                    "reply", "examples/crear-cuenta.json", "--status", "422", "--body", "/nonexistent/voz/cuerpo.json",
                ],
                "Cannot read /nonexistent/voz/cuerpo.json: check the path.",
                "Impossible de lire /nonexistent/voz/cuerpo.json : vérifiez le chemin."
            ),
            (
                [
                    "form", "--openapi", "Tests/VozKitTests/Fixtures/OpenAPI/petstore-expanded.yaml", "--operation",
                    "addPet", "--server", "http://127.0.0.1:9", "-o", "/nonexistent/voz/mascota.json",
                ],
                "/nonexistent/voz/mascota.json is not written: the system refused to write it; check that its folder "
                    + "exists and can be written.",
                "/nonexistent/voz/mascota.json n'est pas écrit : le système a refusé de l'écrire ; vérifiez que son "
                    + "dossier existe et accepte l'écriture."
            ),
        ] as [([String], String, String)])
    func aFileNamedOnTheCommandLineIsSaidInTheUsersLanguage(
        arguments: [String], english: String, french: String
    ) async throws {
        for (language, expected) in [("en_US.UTF-8", english), ("fr_FR.UTF-8", french)] {
            let home = TemporaryFolder()
            let output = try await VozProcess.run(
                arguments, environment: VozProcess.environment(home: home.url, extra: ["LANG": language]))
            #expect(output.status != 0, "\(language)")
            #expect(output.standardError == expected + "\n", "\(language)")
        }
    }

    /// Answers given in advance that the form refuses, in a run nobody can be asked: the reason is the user's
    /// language too, not the form's.
    @Test func aRefusedAnswerGivenInAdvanceIsSaidInTheUsersLanguage() async throws {
        let home = TemporaryFolder()
        let output = try await VozProcess.run(
            ["run", Self.form, "--speech", "none", "--set", "email=ana"],
            environment: VozProcess.environment(home: home.url, extra: ["LANG": "en_US.UTF-8"]))
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("--set email was not accepted: "), "\(output.standardError)")
        #expect(!output.standardError.contains("falta"), "\(output.standardError)")
    }
}
