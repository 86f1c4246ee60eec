import Foundation
import Testing
import VozTestSupport

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies
@testable import VozSession
@testable import VozTranscript

/// Issue 36, the newcomer's items 1, 2 and 14: the replies their server really sent, through a real session. A card
/// echoed with hyphens or as bare digits, a password echoed trimmed, without spaces, decomposed, upper-cased with
/// `\U` escapes, as HTML entities or in part, and an IBAN typed in the event form, are in no line printed and in no
/// byte of the transcript, technical log or draft.
@Suite final class ServerEchoShapeTests {
    private let base = FileManager.default.temporaryDirectory.appendingPathComponent(
        "voz-echo-shape-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    struct Run {
        var lines: [String]
        var files: [(path: String, data: Data)]

        func file(endingWith suffix: String) -> String {
            files.first { $0.path.hasSuffix(suffix) }.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        }
    }

    /// Runs the example form `example` with `lines`, answering each send with the next of `replies`, in a state
    /// folder of its own: drafts, a transcript and a technical log.
    private func run(_ example: String, _ lines: [String], replies: [ScriptedTransport.Step]) async throws -> Run {
        let form = try FormFile.load(path: FormFixtures.examples.appendingPathComponent(example).path).form
        return try await run(form, lines, replies: replies)
    }

    private func run(_ form: Form, _ lines: [String], replies: [ScriptedTransport.Step]) async throws -> Run {
        let folder = base.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let transcript = try TranscriptWriter(path: folder.appendingPathComponent("transcript.jsonl").path)
        let log = try FileTechnicalLog(path: folder.appendingPathComponent("voz.log").path)
        let printed = LineRecorder()
        let session = Session(
            form: form, localizer: Localizer(language: .es, overrides: form.messages),
            input: ScriptedLineSource(lines), announcer: Announcer(engine: nil, lines: printed, transcript: transcript),
            transport: ScriptedTransport(replies), log: log,
            options: SessionOptions(drafts: DraftStore(folder: folder.appendingPathComponent("drafts").path)))
        _ = await session.run()
        transcript.close()
        var files: [(String, Data)] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path) { files.append((url.path, data)) }
        }
        return Run(lines: printed.lines, files: files)
    }

    private static func leaks(_ needles: [String], in run: Run) -> [String] {
        run.lines.flatMap { line in needles.filter { line.contains($0) }.map { "printed: \($0)" } }
            + run.files.flatMap { file in
                LeakSearch.needles(needles, foundIn: file.data).map { "\(file.path): \($0)" }
            }
    }

    /// The event form's answers up to the payment method, the newcomer's `run.sh` presets typed instead.
    static let eventStart = ["1", "Dora Sanz", "dora@ejemplo.com", "2", "", "voz", "", "no", "2"]

    // MARK: - Item 1: a card echoed in other formats

    /// The reply of the newcomer's `422echo` mode for the card typed as `5555 5555 5555 4444`, byte for byte.
    static let cardEcho =
        #"{"payment": {"card": {"number": ["Card 5555 5555 5555 4444 is invalid (digits 5555555555554444)."]}}, "#
        + #""non_field_errors": ["Payment for card ending 4444 failed: 5555-5555-5555-4444"]}"#

    @Test func aCardEchoedWithHyphensOrAsBareDigitsIsNeverSaidNorKept() async throws {
        let run = try await run(
            "inscribir-evento.json",
            Self.eventStart + ["1", "5555 5555 5555 4444", "no", "sí", ":enviar", "sí", ":revisar", ":salir"],
            replies: [.reply(status: 422, body: Self.cardEcho)])
        let needles = ["5555-5555-5555-4444", "5555555555554444", "5555 5555 5555 4444", "5555"]
        #expect(Self.leaks(needles, in: run) == [], "\(run.lines)")
        // The field still gets its error, in Voz's words, and the card is said as the session says it.
        #expect(run.lines.contains { $0.hasPrefix("No se ha podido hacer la inscripción.") }, "\(run.lines)")
        #expect(
            run.lines.contains {
                $0.contains("Número de tarjeta: terminada en 4444. Error: El servidor no acepta este valor.")
            }, "\(run.lines)")
        #expect(run.file(endingWith: "voz.log").contains("Payment for card ending [redacted] failed: [redacted]"))
    }

    // MARK: - Item 2: a password echoed rewritten

    static let password = "  Año Pérez 2026!  "

    /// The reply of the newcomer's `422pw` mode for that password, byte for byte: one rewriting a field.
    static let passwordEcho =
        #"{"errors": {"name": ["nfd An\u0303o Pe\u0301rez 2026!"], "email": ["stripped A\u00f1o P\u00e9rez 2026!"], "#
        + #""coupon": ["entities &#65;&#241;&#111;&#32;&#80;&#233;&#114;&#101;&#122;&#32;&#50;&#48;&#50;&#54;&#33;"], "#
        + #""plan": ["nospace A\u00f1oP\u00e9rez2026!"], "terms": ["u-upper \"A\\U00F1O P\\U00E9REZ 2026!\""], "#
        + #""base": ["partial A\u00f1o P\u00e9 and z 2026!"]}}"#

    @Test func aPasswordEchoedTrimmedSquashedEscapedOrInPartIsNeverSaidNorKept() async throws {
        let run = try await run(
            "crear-cuenta.json",
            [
                "Ana Pérez", "ana@ejemplo.com", Self.password, "", "1", "sí", ":enviar", "sí",
                ":revisar", ":salir",
            ],
            replies: [.reply(status: 422, body: Self.passwordEcho)])
        let needles = ["2026", "Pé and", "AñoPérez", "A\\U00F1O", "&#65;&#241;", "P\\u00e9"]
        #expect(Self.leaks(needles, in: run) == [], "\(run.lines)")
        #expect(run.lines.contains("No se pudo crear la cuenta. Hay 5 errores."), "\(run.lines)")
        // Each field whose message was withheld still has its error, in Voz's own words.
        let invalid = "Error: El servidor no acepta este valor. Revísalo."
        for line in ["1. Nombre completo: Ana Pérez.", "2. Correo electrónico: ana@ejemplo.com.", "5. Plan: Gratis."] {
            #expect(run.lines.contains("\(line) \(invalid)"), "\(line) in \(run.lines)")
        }
        // Not vacuous: the reply was logged, the copies masked.
        let log = run.file(endingWith: "voz.log")
        #expect(log.contains("entities [redacted]") && log.contains("nospace [redacted]"), "\(log)")
    }

    // MARK: - Item 14: an IBAN

    @Test func theEventFormsIBANIsNeverAtRestAndIsSaidByItsLastFour() async throws {
        let iban = "ES76 2077 0024 0031 0257 5766"
        let run = try await run(
            "inscribir-evento.json", Self.eventStart + ["2", iban, "no", "sí", ":revisar", ":salir"], replies: [])
        #expect(run.lines.contains { $0.hasSuffix("IBAN: terminado en 5766.") }, "\(run.lines)")
        #expect(Self.leaks([iban, "ES7620770024", "2077 0024"], in: run) == [])
        let draft = try #require(run.files.first { $0.path.contains("/drafts/") })
        #expect(String(decoding: draft.data, as: UTF8.self).contains("Dora Sanz"), "the other answers are kept")
    }

    /// A card number or an IBAN typed in a field marked for neither is known by its shape: said by its last four,
    /// recorded hidden, left out of the draft, like the fields marked for them.
    @Test func aCardOrAnIBANInAPlainFieldIsTreatedAsSensitive() async throws {
        let text = #"""
            {"id": "datos", "title": "Datos", "locale": "es",
             "fields": [
              {"id": "nombre", "label": "Nombre", "required": true},
              {"id": "cuenta", "label": "Cuenta", "required": true},
              {"id": "nota", "label": "Nota", "required": true}
             ],
             "submit": {"label": "Enviar", "url": "http://127.0.0.1:9/datos"}}
            """#
        let form = try FormFile.decode(data: Data(text.utf8), path: "datos.json").form
        let run = try await run(
            form, ["Ana", "es76 2077 0024 0031 0257 5766", "5555-5555-5555-4444", ":revisar", ":salir"], replies: [])
        #expect(run.lines.contains("2. Cuenta: terminado en 5766."), "\(run.lines)")
        #expect(run.lines.contains("3. Nota: terminada en 4444."), "\(run.lines)")
        let needles = ["es76 2077", "2077 0024 0031", "5555-5555-5555-4444", "5555555555554444"]
        #expect(Self.leaks(needles, in: run) == [], "\(run.lines)")
        let draft = try #require(run.files.first { $0.path.contains("/drafts/") })
        #expect(String(decoding: draft.data, as: UTF8.self).contains("Ana"), "the name is kept")
    }

    // MARK: - Issue 37, the newcomer's N4: other digits, other transforms

    /// A card typed in fullwidth or Arabic-Indic digits, or parted by spaced dashes, in a plain field, and a server
    /// that echoes it in ASCII and the password reversed and in base64: said by its last four, kept out of the draft,
    /// the transcript and the log, and no transformed copy of the password said or kept.
    @Test(arguments: ["５５５５ ５５５５ ５５５５ ４４４４", "٥٥٥٥٥٥٥٥٥٥٥٥٤٤٤٤", "5555 - 5555 - 5555 - 4444"])
    func aCardInOtherDigitsAndATransformedPasswordAreNeverSaidNorKept(card: String) async throws {
        let text = #"""
            {"id": "datos", "title": "Datos", "locale": "es",
             "fields": [
              {"id": "nombre", "label": "Nombre", "required": true},
              {"id": "clave", "label": "Clave", "kind": "secret", "required": true},
              {"id": "nota", "label": "Nota", "required": true}
             ],
             "submit": {"label": "Enviar", "url": "http://127.0.0.1:9/datos"}}
            """#
        let form = try FormFile.decode(data: Data(text.utf8), path: "datos.json").form
        let password = "Ke>>y?~pass-2024"
        let base64 = Data(password.utf8).base64EncodedString()
        let reversed = String(password.reversed())
        let echo =
            #"{"errors": {"nota": ["Card 5555555555554444 declined."], "clave": ["Bad key \#(base64)."], "#
            + #""nombre": ["Name \#(reversed) taken."]}}"#
        let run = try await run(
            form, ["Ana", password, card, ":enviar", ":revisar", ":salir"],
            replies: [.reply(status: 422, body: echo)])
        #expect(run.lines.contains { $0.hasPrefix("3. Nota: terminada en 4444.") }, "\(run.lines)")
        let needles = [card, "5555555555554444", "5555 5555", password, base64, reversed, "y?~pass"]
        #expect(Self.leaks(needles, in: run) == [], "\(run.lines)")
        let draft = try #require(run.files.first { $0.path.contains("/drafts/") })
        #expect(String(decoding: draft.data, as: UTF8.self).contains("Ana"), "the name is kept")
        // Not vacuous: the reply was logged, the copies masked.
        let log = run.file(endingWith: "voz.log")
        #expect(log.contains("Bad key [redacted]") && log.contains("Name [redacted] taken"), "\(log)")
    }
}
