import Foundation
import Testing
import VozTestSupport

/// Issue 36, the newcomer's items 1, 2 and 14, with the real `voz run` and a real loopback server
/// (Fixtures/rewriting-echo-server.py) that answers as theirs did: the card typed as `5555 5555 5555 4444` comes back
/// with hyphens and as bare digits, the password `  Año Pérez 2026!  ` trimmed, squashed, decomposed, as HTML
/// entities, upper-cased with `\U` escapes and in part. No copy is in what voz printed, nor in its transcript,
/// technical log or draft; the fields still get their errors.
// Serialized: each case starts real processes.
@Suite(.serialized) struct ServerEchoShapeEndToEndTests {
    static func server() throws -> PythonServerProcess {
        let script = try String(
            contentsOf: VozProcess.packageRoot.appendingPathComponent(
                "Tests/VozEndToEndTests/Fixtures/rewriting-echo-server.py"),
            encoding: .utf8)
        return try PythonServerProcess(script: script, arguments: [])
    }

    /// Each of `needles` found in what `run` printed or wrote, with where.
    static func leaks(_ needles: [String], _ output: RawVozProcess.Output, _ run: FormRun) -> [String] {
        var found = LeakSearch.needles(needles, foundIn: output.standardOutput).map { "stdout: \($0)" }
        found += LeakSearch.needles(needles, foundIn: output.standardError).map { "stderr: \($0)" }
        for file in run.filesWritten() {
            found += LeakSearch.needles(needles, foundIn: file.data).map { "\(file.path): \($0)" }
        }
        return found
    }

    @Test func aCardEchoedInOtherFormatsIsInNothingVozWrote() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = FormRun(form: "examples/inscribir-evento.json")
        defer { run.remove() }
        let log = run.home.appendingPathComponent("tecnico.log")
        let answers = [
            "1", "Dora Sanz", "dora@ejemplo.com", "2", "", "voz", "", "no", "2", "1", "5555 5555 5555 4444", "no", "sí",
            ":enviar", "sí", ":revisar", ":salir",
        ]
        let output = try await run.run(
            address: "http://127.0.0.1:\(server.port)/events/{evento}/registrations", answers: answers,
            extra: ["--log", log.path], timeout: 90)
        #expect(Self.leaks(["5555-5555-5555-4444", "5555555555554444", "5555 5555 5555 4444"], output, run) == [])
        #expect(
            output.stdout.contains("Número de tarjeta: terminada en 4444. Error: El servidor no acepta"),
            "\(output.stdout)")
        let logged = String(decoding: try Data(contentsOf: log), as: UTF8.self)
        // The last four digits are what Voz itself says of a card ("terminada en 4444"); the whole number is not.
        #expect(logged.contains("Payment for card ending 4444 failed: [redacted]"), "the reply was logged")
    }

    @Test func aPasswordEchoedRewrittenIsInNothingVozWrote() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let log = run.home.appendingPathComponent("tecnico.log")
        let answers = [
            "Ana Pérez", "ana@ejemplo.com", "  Año Pérez 2026!  ", "", "1", "sí", ":enviar", "sí", ":revisar", ":salir",
        ]
        let output = try await run.run(
            address: "http://127.0.0.1:\(server.port)/accounts", answers: answers, extra: ["--log", log.path],
            timeout: 90)
        // Not "2026" alone: the reply's Date header, logged, holds the year.
        let needles = ["2026!", "z 2026", "Pé and", "AñoPérez", "A\\U00F1O", "&#65;&#241;", "P\\u00e9"]
        #expect(Self.leaks(needles, output, run) == [])
        #expect(output.stdout.contains("No se pudo crear la cuenta. Hay 5 errores."), "\(output.stdout)")
        #expect(output.stdout.contains("5. Plan: Gratis. Error: El servidor no acepta este valor. Revísalo."))
        let logged = String(decoding: try Data(contentsOf: log), as: UTF8.self)
        #expect(logged.contains("entities [redacted]"), "the reply was logged")
    }
}
