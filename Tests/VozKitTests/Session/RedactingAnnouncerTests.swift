import Foundation
import Testing

@testable import VozAnnouncer
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozTranscript

/// Issue 37, items 5 and 6: whatever sentence carries a secret, in whatever encoding, the session's announcer masks
/// it before the line is printed, spoken or written to the transcript.
@Suite struct RedactingAnnouncerTests {
    static let apiKey = "sk_live_51HqLyjWDarjtT1zdp7dc4f9QxTm2"

    static let form: Form = {
        var header = HTTPHeader(name: "X-Api-Key", value: "", environmentVariable: "SHOP_KEY")
        header.value = apiKey
        return Form(
            id: "cuenta", title: "Cuenta", locale: "es",
            fields: [
                Field(id: "email", label: "Correo", kind: .email),
                Field(id: "password", label: "Contraseña", kind: .secret),
                Field(id: "month", label: "Mes", kind: .integer, purpose: "cc-exp-month"),
            ],
            submit: SubmitSpec(label: "Crear", url: URL(fileURLWithPath: "/cuentas"), headers: [header]))
    }()

    @Test func everyLineAndEveryRecordedEventIsMasked() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-redacting-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let transcriptPath = folder.appendingPathComponent("transcript.jsonl").path
        let lines = LineRecorder()
        let inner = Announcer(engine: nil, lines: lines, transcript: try TranscriptWriter(path: transcriptPath))
        let localizer = Localizer(language: .es)
        let announcer = RedactingAnnouncer(inner, form: Self.form, localizer: localizer)
        let hidden = localizer.text("access.secret")

        // The key is a secret from the start; the password once the field has held it.
        await announcer.announce(Announcement("Clave no válida: \(Self.apiKey.uppercased())."))
        announcer.update(secretsHeld: ["p@ss w0rd#2024", "12"])
        await announcer.announce(Announcement("No se pudo leer password=p%40ss+w0rd%232024 ni P@SS W0RD#2024."))
        await announcer.record(TranscriptEvent(time: 0, kind: .input, text: "p ss w0rd 2024", focus: "email"))
        await announcer.announce(Announcement("Campo 12 de 15: Mes."))
        await announcer.drain()

        #expect(
            lines.lines == [
                "Clave no válida: \(hidden).", "No se pudo leer password=\(hidden) ni \(hidden).",
                "Campo 12 de 15: Mes.",
            ])
        let transcript = try String(contentsOfFile: transcriptPath, encoding: .utf8)
        for copy in ["sk_live", "SK_LIVE", "p%40ss", "P@SS", "p ss w0rd"] {
            #expect(!transcript.contains(copy), "\(copy) in \(transcript)")
        }
        #expect(transcript.contains("\"text\":\"\(hidden)\""), "\(transcript)")
    }
}
