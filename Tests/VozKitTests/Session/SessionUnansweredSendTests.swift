import Foundation
import Testing
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSubmission

/// A send that got no answer stays unanswered until its own key gets a definitive one: what the session says of the
/// form afterwards must not forget it (issue 36, I5, found by the session explorer and shrunk to these paths).
@Suite(.timeLimit(.minutes(1)), .ownThread) struct SessionUnansweredSendTests {
    private static let spanish = Localizer(language: .es)
    private static let emailTaken = ##"{"errors":{"email":["Ese correo ya está registrado."]}}"##
    /// The answers of `SessionTests.form`, sent; its reply lost after the server may have processed it.
    private static let lostSend = SessionTests.answers + [":enviar"]
    /// The coupon changed afterwards: the data is no longer that of the send with no answer.
    private static let edit = [":ir 4", "VERANO25"]

    private func run(
        _ lines: [String], replies: [ScriptedTransport.Step], answersFile: Bool = false, drafts: DraftStore? = nil
    ) async -> ([String], ScriptedTransport) {
        let transport = ScriptedTransport(replies)
        let printed = LineRecorder()
        let input = answersFile ? ScriptedLineSource(lines, answersFile: "answers.txt") : ScriptedLineSource(lines)
        let session = Session(
            form: SessionTests.form, localizer: Self.spanish, input: input,
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(drafts: drafts, clock: ManualClock()))
        _ = await session.run()
        return (printed.lines, transport)
    }

    /// A lost reply, then other data sent and rejected: the end of input said "the form was not sent", though the
    /// first send may have arrived.
    @Test func aRejectedSecondSendDoesNotMakeTheFirstUnsent() async {
        let (lines, transport) = await run(
            Self.lostSend + Self.edit + [":enviar"],
            replies: [
                .fail(.connectionLost(detail: "reset by peer")),
                .reply(
                    status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                    body: Self.emailTaken),
            ])
        #expect(transport.keys().count == 2, "\(lines)")
        #expect(lines.last == Self.spanish.text("session.endOfInput.unknown.noDraft"), "\(lines)")
        #expect(!lines.contains { $0.contains("no se ha enviado") }, "\(lines)")
    }

    /// A lost reply, an edit, then `:reintentar`: "nothing to retry: the form hasn't been sent yet" was said of a
    /// form that may have arrived. The answer says how to send again instead, and sends nothing by itself.
    @Test func retryAfterAnEditDoesNotSayTheFormWasNeverSent() async {
        let (lines, transport) = await run(
            Self.lostSend + Self.edit + [":reintentar"], replies: [.fail(.connectionLost(detail: "reset by peer"))])
        #expect(transport.keys().count == 1, "\(lines)")
        let told = Self.spanish.text("submission.refused.nothingToRetry.pending", ["command": ":enviar"])
        #expect(lines.contains(told), "\(lines)")
        #expect(!lines.contains { $0.contains("aún no se ha enviado") }, "\(lines)")
        #expect(lines.last == Self.spanish.text("session.endOfInput.unknown.noDraft"), "\(lines)")
    }

    /// `:donde` after the edit says a send may have arrived, not that nothing was sent.
    @Test func whereAmIAfterAnEditSaysTheSendIsUnanswered() async {
        let (lines, _) = await run(
            Self.lostSend + Self.edit + [":donde"], replies: [.fail(.connectionLost(detail: "reset by peer"))])
        let unanswered = Self.spanish.text("session.state.unanswered")
        #expect(lines.contains { $0.contains(unanswered) }, "\(lines)")
    }

    /// An answers file stopped at a refused line after a send that got no answer: "the form was not sent" again.
    @Test func anAnswersFileStoppedAfterALostSendSaysItMayHaveArrived() async {
        let (lines, _) = await run(
            Self.lostSend + [":ir 2", "no-es-correo"], replies: [.fail(.connectionLost(detail: "reset by peer"))],
            answersFile: true)
        let last = lines.last ?? ""
        #expect(last.hasPrefix("answers.txt, línea 7:"), "\(lines)")
        #expect(last.hasSuffix(Self.spanish.text("session.answers.stopped.unknown.noDraft")), "\(lines)")
        #expect(!last.contains("no se ha enviado"), "\(lines)")
    }

    /// An answers file stopped beside another run's draft said "a draft was saved": that draft is left as it was
    /// and this run's answers are in no draft.
    @Test func anAnswersFileStoppedBesideAnotherRunsDraftClaimsNoSave() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-stop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let drafts = DraftStore(folder: folder.path)
        _ = await run(["Ana"], replies: [], drafts: drafts)
        let scoped = drafts.scoped(to: SessionTests.form.submit)
        #expect(scoped.load(formID: SessionTests.form.id)?.answers == ["name": "Ana"])
        let (lines, _) = await run(["Eva", "no-es-correo"], replies: [], answersFile: true, drafts: drafts)
        let stopped =
            Self.spanish.text("session.answers.stopped.noDraft") + " " + Self.spanish.text("session.draft.leftAsItWas")
        #expect(lines.last?.hasSuffix(stopped) == true, "\(lines)")
        #expect(scoped.load(formID: SessionTests.form.id)?.answers == ["name": "Ana"], "left as it was")
    }
}
