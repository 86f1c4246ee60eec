import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// Issue 25 §2 in the session: what the restore question says of an unanswered send, and what each kind of run
/// does to the draft that holds it (the keeper's rules), with a scripted server.
@Suite final class SessionPendingAttemptTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "voz-pending-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static let form = Form(
        id: "alta", title: "Alta", locale: "es",
        fields: [
            Field(id: "email", label: "Correo", kind: .email, required: true),
            Field(id: "clave", label: "Clave", kind: .secret, required: true),
        ],
        submit: SubmitSpec(label: "Crear cuenta", url: literalURL("http://127.0.0.1:9/alta")))
    static let spanish = Localizer(language: .es)
    /// What is said of an unanswered send: what sending the same data does, that the password must be the same,
    /// and how to let it go, with what that means.
    static let notice = [
        spanish.plural("session.draft.pending", count: 1), spanish.text("session.draft.retypeSecrets"),
        spanish.plural("session.draft.discardOffer", count: 1, ["command": ":descartar"]),
    ].joined(separator: " ")

    private func run(
        _ lines: [String], interactive: Bool, replies: [ScriptedTransport.Step], form: Form = form
    ) async -> (lines: [String], keys: [String?]) {
        let transport = ScriptedTransport(replies)
        let printed = LineRecorder()
        let session = Session(
            form: form, localizer: Self.spanish, input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(drafts: drafts, interactive: interactive, fingerprintCost: 1))
        _ = await session.run()
        return (printed.lines, transport.keys())
    }

    private var drafts: DraftStore { DraftStore(folder: folder.path).scoped(to: Self.form.submit) }

    /// A first run whose reply was lost: the draft holds the answers and one pending attempt.
    private func lostReply() async throws -> String {
        _ = await run(["ana@example.com", "Zq9-clave", ":enviar"], interactive: false, replies: [.reply(status: 503)])
        return try #require(drafts.load(formID: "alta")?.pendingAttempts.first?.key.value)
    }

    @Test func theRestoreQuestionSaysTheSendIsUnansweredAndWhatARetryDoes() async throws {
        let kept = try await lostReply()
        let (lines, keys) = await run(
            ["sí", "Zq9-clave", ":enviar"], interactive: true, replies: [.reply(status: 201)])
        let offer = Self.spanish.plural("session.draft.offer", count: 1)
        let question = [Self.notice, offer].joined(separator: " ")
        #expect(lines.contains(question), "\(lines)")
        #expect(keys == [kept], "the password typed again, the same request, the same key")
        #expect(drafts.load(formID: "alta") == nil, "success deletes the draft")
    }

    /// "No" discards the answers, not the fact that a send may have arrived: the same data typed again is still it.
    @Test func noDiscardsTheAnswersButKeepsTheUnansweredSend() async throws {
        let kept = try await lostReply()
        let (lines, _) = await run(["no", ":salir"], interactive: true, replies: [])
        #expect(lines.contains(Self.spanish.plural("session.draft.discardedPending", count: 1)))
        let draft = try #require(drafts.load(formID: "alta"))
        #expect(draft.answers.isEmpty)
        #expect(draft.pendingAttempts.map(\.key.value) == [kept])
        let (again, keys) = await run(
            ["ana@example.com", "Zq9-clave", ":enviar"], interactive: true, replies: [.reply(status: 201)])
        #expect(again.first { $0.hasPrefix("Campo 1") } != nil)
        #expect(again.contains(Self.notice), "said, not asked: nothing to restore")
        #expect(keys == [kept])
    }

    /// An unattended run that finds someone's answers never writes over them, even when its input ends early.
    @Test func anUnattendedRunLeavesAnotherRunsAnswersAndKeyAlone() async throws {
        let kept = try await lostReply()
        let before = try #require(drafts.load(formID: "alta"))
        let (lines, _) = await run(["eva@example.com"], interactive: false, replies: [])
        let after = try #require(drafts.load(formID: "alta"))
        #expect(after.answers == before.answers)
        #expect(after.pendingAttempts.map(\.key.value) == [kept])
        // Said, both ways: the draft is not used, and the end claims no save of this run's answers (issue 36); nor
        // that the form was not sent, since the earlier run's send may have arrived. That send is kept, so sending
        // the same data again (the same password) counts once.
        #expect(lines.dropFirst().first == Self.spanish.text("session.draft.notUsed"), "\(lines)")
        let end = [
            Self.spanish.text("session.endOfInput.unknown.noDraft"), Self.spanish.text("session.draft.pendingKept"),
            Self.spanish.text("session.draft.retypeSecrets"), Self.spanish.text("session.draft.leftAsItWas"),
        ].joined(separator: " ")
        #expect(lines.last == end)
    }

    /// Issue 36, "sent twice", at a terminal: the draft restored, the password typed again, the e-mail changed; the
    /// server rejects that send. The e-mail changed back makes the interrupted request byte for byte, and it goes
    /// under the interrupted send's key: a rejection of other data does not end an unanswered send.
    @Test func aRejectedSendOfOtherDataLeavesTheUnansweredOneItsKey() async throws {
        let kept = try await lostReply()
        let (lines, keys) = await run(
            [
                "sí", "Zq9-clave", ":ir 1", "eva@example.com", ":enviar", "sí", ":ir 1", "ana@example.com",
                ":enviar",
            ], interactive: true, replies: [.reply(status: 422), .reply(status: 201)])
        #expect(keys.count == 2, "\(lines)")
        #expect(keys.first != kept)
        #expect(keys.last == kept, "the interrupted request again, under its own key")
        let notice = Self.spanish.plural("submission.earlierAttemptKept", count: 1)
        // Said before the last yes, while the person could still stop (the newcomer's report, item 3).
        let confirm = Self.spanish.text("session.confirmSend", ["label": "Crear cuenta"])
        let said = try #require(lines.firstIndex(of: notice + " " + confirm), "said before the yes: \(lines)")
        // Before the send of other data; a line typed meanwhile may be acknowledged between the two.
        #expect(lines[(said + 1)...].contains(Self.spanish.text("submission.sending")))
        #expect(lines.contains(Self.spanish.text("submission.sendingPending")))
        #expect(drafts.load(formID: "alta") == nil, "both settled: nothing pending, nothing kept")
    }

    /// The same form aimed at another server: its draft is its own, so the first server's answers are not offered
    /// and its unanswered send is neither reused nor settled by a send elsewhere.
    @Test func theSameFormAimedElsewhereHasADraftOfItsOwn() async throws {
        let kept = try await lostReply()
        var elsewhere = Self.form
        elsewhere.submit.url = literalURL("http://127.0.0.1:10/alta")
        let (lines, keys) = await run(
            ["ana@example.com", "Zq9-clave", ":enviar"], interactive: true, replies: [.reply(status: 201)],
            form: elsewhere)
        #expect(!lines.contains { $0.contains(Self.spanish.plural("session.draft.pending", count: 1)) }, "\(lines)")
        #expect(keys.count == 1 && keys.first != kept)
        #expect(drafts.load(formID: "alta")?.pendingAttempts.map(\.key.value) == [kept], "the first server's, kept")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files == [(drafts.path(forForm: "alta") as NSString).lastPathComponent])
    }
}
