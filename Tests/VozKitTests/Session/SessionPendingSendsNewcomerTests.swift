import Foundation
import Testing
import VozTestSupport
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession

/// The second newcomer's afternoon (issue 36, 2026-12-08): one payload to one destination has one key until that key
/// gets a definitive answer, and every state said is true. Each path shrunk to sessions of the library over one
/// drafts folder, with a scripted server.
@Suite(.timeLimit(.minutes(1)), .ownThread) final class SessionPendingSendsNewcomerTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "voz-newcomer2-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static let spanish = Localizer(language: .es)
    /// Every field of `SessionTests.form` answered, as the unanswered send had them.
    static let first = SessionTests.answers
    /// Other data: another person.
    static let other = ["Eva", "eva@example.com", "clave-secreta", ""]

    private var store: DraftStore { DraftStore(folder: folder.path) }
    private var draft: Draft? { store.scoped(to: SessionTests.form.submit).load(formID: SessionTests.form.id) }

    private func run(
        _ lines: [String], replies: [ScriptedTransport.Step], interactive: Bool = true, keepsAnswers: Bool = true
    ) async -> (lines: [String], keys: [String?]) {
        let transport = ScriptedTransport(replies)
        let printed = LineRecorder()
        let session = Session(
            form: SessionTests.form, localizer: Self.spanish, input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(
                drafts: store, keepsAnswers: keepsAnswers, interactive: interactive, fingerprintCost: 1,
                clock: ManualClock()))
        _ = await session.run()
        return (printed.lines, transport.keys())
    }

    // MARK: - N1: --no-draft keeps the unanswered send

    /// `voz run --no-draft`, a send that timed out, then `--no-draft` again with the same data: the second went under
    /// a new key (two registrations). The send is kept without any answer, and the same data goes under its key.
    @Test func aRunWithoutDraftsKeepsTheUnansweredSendForTheNextRun() async throws {
        let state = folder.appendingPathComponent("state")
        var (runner, printed, transport) = FormRunnerTests.runner(
            FormRunnerTests.answers + [":submit"], [.fail(.timedOut)])
        runner.environment["XDG_STATE_HOME"] = state.path
        _ = try await runner.run(FormRunnerTests.form())
        let kept = try #require(transport.keys().first ?? nil)
        let english = Localizer(language: .en)
        #expect(
            printed.lines.last?.contains(english.text("session.draft.pendingKept")) == true,
            "the truth: answers not saved, the send kept: \(printed.lines)")
        let drafts = state.appendingPathComponent("signup/drafts")
        let names = try FileManager.default.contentsOfDirectory(atPath: drafts.path).filter { $0.hasSuffix(".json") }
        let text = try String(contentsOf: drafts.appendingPathComponent(try #require(names.first)), encoding: .utf8)
        #expect(text.contains(kept), "the send is kept")
        #expect(!text.contains("ana@example.com") && !text.contains("Ana Pérez"), "no answer written: \(text)")

        var (again, _, second) = FormRunnerTests.runner(
            FormRunnerTests.answers + [":submit"], [.reply(status: 201, body: #"{"id": "1"}"#)])
        again.environment["XDG_STATE_HOME"] = state.path
        let outcome = try await again.run(FormRunnerTests.form())
        #expect(outcome.isSent)
        #expect(second.keys() == [kept], "the same data, the same key")
        let left = try FileManager.default.contentsOfDirectory(atPath: drafts.path).filter { $0.hasSuffix(".json") }
        #expect(left.isEmpty, "settled: nothing kept")
    }

    /// At a terminal, `--no-draft` asks nothing back and writes no answer, but says that a send got no answer, with
    /// as many sends as `:descartar` would forget, and sends the same data under its key.
    @Test func aTerminalRunWithoutDraftsHearsOfTheUnansweredSend() async throws {
        _ = await run(Self.first + [":enviar"], replies: [.fail(.timedOut)], keepsAnswers: false)
        let kept = try #require(draft?.pendingAttempts.first?.key.value)
        #expect(draft?.answers.isEmpty == true, "no answer written")
        let (lines, keys) = await run(
            Self.first + [":enviar"], replies: [.reply(status: 201)], keepsAnswers: false)
        #expect(!lines.contains { $0.contains("¿Lo recupero?") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(Self.spanish.plural("session.draft.pending", count: 1)) }, "\(lines)")
        #expect(keys == [kept], "\(lines)")
        #expect(draft == nil)
    }

    /// The run ends after a send that got no answer, with no draft kept: it said only "it may have arrived". The
    /// send is kept, so the person hears that the same data sent again will not count twice.
    @Test func anUnansweredSendWithoutDraftsSaysWhatSendingAgainDoes() async throws {
        let (lines, _) = await run(Self.first + [":enviar"], replies: [.fail(.timedOut)], keepsAnswers: false)
        #expect(
            lines.last?.hasPrefix(Self.spanish.text("session.endOfInput.unknown.noDraft")) == true, "\(lines)")
        #expect(lines.last?.contains(Self.spanish.text("session.draft.pendingKept")) == true, "\(lines)")
        #expect(lines.last?.contains(Self.spanish.text("session.draft.leftAsItWas")) == false, "no earlier draft")
    }

    // MARK: - N7: a 429 is an answer

    /// A 429, its Retry-After in seconds or as an HTTP date: nothing arrived, and the button said "the last send got
    /// no sure answer".
    @Test(arguments: ["30", "date"])
    func aTooManyRequestsReplyIsSaidAsNotTaken(retryAfter: String) async {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let value = retryAfter == "date" ? formatter.string(from: Date().addingTimeInterval(4_320)) : retryAfter
        // Typed while sending, these wait for the outcome: then focus comes back to the button, and its prompt.
        let (lines, keys) = await run(
            Self.first + [":enviar", ":ir 4", "", ":salir"],
            replies: [.reply(status: 429, headers: [HTTPHeader(name: "Retry-After", value: value)])])
        #expect(keys.count == 1)
        #expect(!lines.contains { $0.contains("respuesta segura") }, "\(lines)")
        let prompt = Self.spanish.text(
            "session.submitPromptRetryAnswered", ["label": "Crear cuenta", "command": ":reintentar"])
        #expect(lines.contains(prompt), "\(lines)")
        #expect(lines.last?.hasPrefix(Self.spanish.text("session.quit")) == true, "not sent, and a draft: \(lines)")
    }

    // MARK: - N8: the warning before each yes

    /// An unanswered send from an earlier run (warned of), then in one session: other data sent, `:cancelar`, an
    /// edit, `:enviar`. The cancelled send may have arrived too: the last yes comes after the warning again.
    @Test func aSendCancelledInTheSessionIsWarnedOfBeforeTheNextYes() async throws {
        _ = await run(Self.first + [":enviar"], replies: [.fail(.timedOut)], interactive: false)
        let confirm = Self.spanish.text("session.confirmSend", ["label": "Crear cuenta"])
        let (lines, keys) = await run(
            ["no"] + Self.other + [":enviar", "sí", ":cancelar", ":ir 4", "VERANO25", ":enviar", "sí"],
            replies: [.hang, .reply(status: 201)])
        #expect(keys.count == 2 && Set(keys).count == 2, "\(lines)")
        let once = Self.spanish.plural("submission.earlierAttemptKept", count: 1)
        let twice = Self.spanish.plural("submission.earlierAttemptKept", count: 2)
        let first = try #require(lines.firstIndex(of: once + " " + confirm), "\(lines)")
        #expect(lines[(first + 1)...].contains(twice + " " + confirm), "warned again, of both: \(lines)")
    }

    // MARK: - N9: the counts said are the counts acted on

    /// Two sends of other data got no answer, in two runs: the start said "a send got no answer", `:descartar`
    /// then forgot 2.
    @Test func theStartSaysAsManyUnansweredSendsAsDiscardForgets() async throws {
        _ = await run(Self.first + [":enviar"], replies: [.fail(.timedOut)], interactive: false)
        _ = await run(Self.other + [":enviar"], replies: [.fail(.timedOut)], interactive: false)
        #expect(draft?.pendingAttempts.count == 2)
        let (lines, _) = await run([":descartar", ":salir"], replies: [])
        let question = try #require(lines.first { $0.contains("¿Lo recupero?") }, "\(lines)")
        #expect(question.hasPrefix(Self.spanish.plural("session.draft.pending", count: 2)), "\(question)")
        let offer = Self.spanish.plural("session.draft.discardOffer", count: 2, ["command": ":descartar"])
        #expect(question.contains(offer), "\(question)")
        #expect(lines.contains(Self.spanish.plural("session.discard.done", count: 2)), "\(lines)")
    }
}
