import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// Issue 36: `:revisar` at "there is a draft, restore it?" reads the draft offered, the answers the person is
/// deciding about, not the empty form; nothing is restored until the answer is yes, and the question comes again.
@Suite final class SessionRestoreReviewTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "voz-restore-review-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static let form = Form(
        id: "alta", title: "Alta", locale: "es",
        fields: [
            Field(id: "nombre", label: "Nombre", kind: .text, required: true),
            Field(id: "correo", label: "Correo", kind: .email, required: true),
            Field(id: "clave", label: "Clave", kind: .secret, required: true),
        ],
        submit: SubmitSpec(label: "Crear cuenta", url: literalURL("http://127.0.0.1:9/alta")))

    private func run(_ lines: [String], interactive: Bool) async -> [String] {
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Localizer(language: .es), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: ScriptedTransport([]),
            options: SessionOptions(
                drafts: DraftStore(folder: folder.path).scoped(to: Self.form.submit), interactive: interactive))
        _ = await session.run()
        return printed.lines
    }

    @Test func theReviewAtTheRestoreQuestionReadsTheDraftThenAsksAgain() async {
        // A first run leaves a draft with two answers (the password is never kept).
        _ = await run(["Ana Pérez", "ana@ejemplo.com"], interactive: false)
        let lines = await run([":revisar", "no", ":revisar", ":salir"], interactive: true)
        let question = Localizer(language: .es).plural("session.draft.offer", count: 2)
        let start = lines.firstIndex(of: "Revisión del borrador de Alta, aún sin recuperar.")
        #expect(start != nil, "\(lines)")
        guard let start, lines.count > start + 4 else { return }
        #expect(lines[start + 1] == "1. Nombre: Ana Pérez.", "\(lines)")
        #expect(lines[start + 2] == "2. Correo: ana@ejemplo.com.", "\(lines)")
        #expect(lines[start + 3].hasPrefix("3. Clave"), "\(lines)")
        #expect(lines[start + 4] == question, "the restore question is asked again")
        // Declined: the draft's answers were only read, never restored, so the form's own review is empty.
        #expect(lines.contains("Revisión de Alta."), "\(lines)")
        #expect(!lines.dropFirst(start + 5).contains("1. Nombre: Ana Pérez."), "\(lines)")
    }
}
