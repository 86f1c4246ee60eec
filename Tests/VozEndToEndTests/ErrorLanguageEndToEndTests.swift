import Foundation
import Testing

/// Issue 25 §5: the real `voz`, run with LANG=es_ES.UTF-8, explains a broken form file and a bad flag in Spanish,
/// in one line and with exit code 2, while `voz --help` stays English, as documented.
@Suite struct ErrorLanguageEndToEndTests {
    private func run(_ arguments: [String], environment extra: [String: String]) async throws -> VozProcess.Output {
        let home = TemporaryFolder()
        return try await VozProcess.run(arguments, environment: VozProcess.environment(home: home.url, extra: extra))
    }

    static let spanish = ["LANG": "es_ES.UTF-8"]

    @Test func aBrokenFormFileIsExplainedInSpanish() async throws {
        let folder = TemporaryFolder()
        let path = folder.url.appendingPathComponent("roto.json").path
        try Data(#"{"id": "x", "title": "X", "fields": [{"id": "a", "label": "A", "kind": "texto"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let output = try await run(["run", path, "--speech", "none"], environment: Self.spanish)
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "\(path): fields[0].kind: se esperaba una de estas palabras: text, email, secret, number, integer, "
                + "choice, multichoice, confirm, multiline, list, group y hay \"texto\".\n")
        let missing = try await run(
            ["audit", folder.url.appendingPathComponent("no.json").path], environment: Self.spanish)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("no hay ningún archivo con ese nombre"), "\(missing.standardError)")
    }

    @Test(arguments: [
        (
            ["run", "examples/crear-cuenta.json", "--rapido"],
            "voz run no tiene la opción --rapido. Ejecuta voz run --help para ver sus opciones.\n"
        ),
        (["hablar"], "voz no tiene ningún comando llamado hablar. Ejecuta voz --help para ver los comandos.\n"),
        (
            ["audit", "--format", "xml", "examples/crear-cuenta.json"],
            "El valor xml de --format no es válido: se esperaba una de estas palabras: text, json, sarif.\n"
        ),
    ])
    func aBadCallIsExplainedInSpanish(arguments: [String], expected: String) async throws {
        let output = try await run(arguments, environment: Self.spanish)
        #expect(output.status == 2)
        #expect(output.standardError == expected)
    }

    @Test func aHeaderFromAnUnsetVariableIsExplainedInSpanish() async throws {
        let folder = TemporaryFolder()
        let path = folder.url.appendingPathComponent("clave.json").path
        try Data(
            #"""
            {"id": "x", "title": "X", "fields": [{"id": "a", "label": "A"}],
             "submit": {"label": "E", "url": "https://e.com/x", "headers": {"X-Api-Key": "$VOZ_TEST_NO_SUCH_KEY"}}}
            """#.utf8
        ).write(to: URL(fileURLWithPath: path))
        let output = try await run(["run", path, "--speech", "none"], environment: Self.spanish)
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "voz run: la cabecera X-Api-Key del formulario toma su valor de la variable de entorno "
                + "VOZ_TEST_NO_SUCH_KEY, que no está definida; defínela y vuelve a ejecutar.\n")
    }

    @Test func lcAllWinsAndHelpStaysEnglish() async throws {
        let french = try await run(["hablar"], environment: ["LANG": "es_ES.UTF-8", "LC_ALL": "fr_FR.UTF-8"])
        #expect(french.standardError.hasPrefix("voz n'a pas de commande nommée hablar."), "\(french.standardError)")
        let help = try await run(["--help"], environment: Self.spanish)
        #expect(help.status == 0)
        #expect(
            help.standardOutput.contains("Usage: voz COMMAND [options]"), "\(help.standardOutput)")
        #expect(!help.standardOutput.contains("Ejecuta"))
    }
}
