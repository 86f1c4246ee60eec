import Foundation
import Synchronization
import Testing
import VozTestSupport

@testable import VozForm
@testable import VozKit
@testable import VozReplies
@testable import VozSubmission

/// A journal that keeps what it is given in memory, and the list as it was at each write.
final class MemoryJournal: PendingAttemptJournal {
    private let writes = Mutex<[[PendingAttempt]]>([])

    func keep(_ attempts: [PendingAttempt]) -> Bool {
        writes.withLock { $0.append(attempts) }
        return true
    }

    var all: [[PendingAttempt]] { writes.withLock { $0 } }
    var last: [PendingAttempt] { all.last ?? [] }
}

/// A transport that, as each request leaves, notes which keys the journal held: the write-ahead, observed.
final class JournalCheckingTransport: Transport {
    let inner: ScriptedTransport
    let journal: MemoryJournal
    private let seen = Mutex<[[IdempotencyKey]]>([])

    init(_ inner: ScriptedTransport, journal: MemoryJournal) {
        self.inner = inner
        self.journal = journal
    }

    var journalAtSend: [[IdempotencyKey]] { seen.withLock { $0 } }

    func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
        let keys = journal.last.map(\.key)
        seen.withLock { $0.append(keys) }
        return try await inner.send(request)
    }
}

/// Issue 25 §2 in the controller: one pending attempt bound to the payload by its fingerprint.
@Suite(.timeLimit(.minutes(1))) struct SubmissionControllerPendingTests {
    static let values = SubmissionControllerTests.values
    /// The cheapest yescrypt, so a debug build matches in a millisecond; the cost is the CLI's to choose.
    static let cost = 1

    static func make(
        _ transport: any Transport, form: Form = SubmissionControllerTests.form(), journal: MemoryJournal,
        pending: [PendingAttempt] = [], policy: UnmatchedAttemptPolicy = .replace, keys: CountingKeys = CountingKeys()
    ) -> (SubmissionController, ProgressLog) {
        let interpreter = ReplyInterpreter(form: form, localizer: SubmissionControllerTests.localizer)
        // A manual clock that nothing advances: no timeout can end a send these tests cancel or answer.
        let options = SubmissionController.Options(
            stillSendingAfter: nil, keys: keys.generator, journal: journal, unmatchedAttempts: policy,
            fingerprintCost: cost, clock: ManualClock())
        let controller = SubmissionController(
            form: form, transport: transport, interpreter: interpreter, options: options, pending: pending)
        return (controller, ProgressLog(controller.progress))
    }

    /// The attempts a first run left after a 503: one, under key-1.
    static func leftByAFailedRun(_ values: FormValues = values) async -> [PendingAttempt] {
        let journal = MemoryJournal()
        let (controller, _) = make(ScriptedTransport([.reply(status: 503)]), journal: journal)
        _ = await controller.submit(values: values)
        return journal.last
    }

    // MARK: - Write-ahead

    @Test func theAttemptIsWrittenBeforeTheRequestLeavesAndClearedOnSuccess() async {
        let journal = MemoryJournal()
        let transport = JournalCheckingTransport(ScriptedTransport([.reply(status: 201)]), journal: journal)
        let (controller, _) = Self.make(transport, journal: journal)
        _ = await controller.submit(values: Self.values)
        #expect(transport.journalAtSend == [[IdempotencyKey("key-1")]])
        #expect(journal.last.isEmpty)
        #expect(await controller.pendingAttempts.isEmpty)
    }

    /// Which outcomes are definitive: the attempt stays only while the request may have arrived.
    @Test(arguments: [
        (ScriptedTransport.Step.reply(status: 503), true), (.fail(.timedOut), true),
        (.fail(.connectionLost(detail: "reset")), true), (.reply(status: 409), false), (.reply(status: 422), false),
    ])
    func onlyADefinitiveOutcomeClearsTheAttempt(step: ScriptedTransport.Step, kept: Bool) async {
        let journal = MemoryJournal()
        let (controller, _) = Self.make(ScriptedTransport([step]), journal: journal)
        _ = await controller.submit(values: Self.values)
        #expect(journal.last.map(\.key) == (kept ? [IdempotencyKey("key-1")] : []))
    }

    @Test func aCancelKeepsTheAttempt() async {
        let journal = MemoryJournal()
        let transport = ScriptedTransport([.hang])
        let (controller, _) = Self.make(transport, journal: journal)
        let pending = Task { await controller.submit(values: Self.values) }
        await transport.waitForRequests(1)
        await controller.cancel()
        _ = await pending.value
        #expect(journal.last.map(\.key) == [IdempotencyKey("key-1")])
    }

    // MARK: - Reuse by fingerprint

    @Test func theSameRequestInALaterRunReusesTheKey() async {
        let earlier = await Self.leftByAFailedRun()
        let journal = MemoryJournal()
        let transport = ScriptedTransport([.reply(status: 201)])
        let keys = CountingKeys()
        let (controller, log) = Self.make(transport, journal: journal, pending: earlier, keys: keys)
        _ = await controller.submit(values: Self.values)
        #expect(transport.keys() == ["key-1"])
        #expect(keys.generator.next() == IdempotencyKey("key-1"), "no key was made for the reused send")
        #expect(log.texts.first == SubmissionControllerTests.localizer.text("submission.sendingPending"))
        #expect(journal.last.isEmpty, "the success settled it")
    }

    /// Any difference in what the request carries gets a new key.
    @Test(arguments: ["value", "url", "header", "method"])
    func anyDifferenceGetsANewKey(change: String) async {
        let earlier = await Self.leftByAFailedRun()
        var form = SubmissionControllerTests.form()
        var values = Self.values
        switch change {
        case "value": values["email"] = .text("eva@example.com")
        case "url": form.submit.url = literalURL("http://127.0.0.1:9/accounts?again")
        case "header": form.submit.headers = [HTTPHeader(name: "Authorization", value: "Bearer other")]
        default: form.submit.method = .put
        }
        let transport = ScriptedTransport([.reply(status: 201)])
        let keys = CountingKeys()
        _ = keys.generator.next()
        let (controller, _) = Self.make(transport, form: form, journal: MemoryJournal(), pending: earlier, keys: keys)
        _ = await controller.submit(values: values)
        #expect(transport.keys() == ["key-2"])
    }

    @Test func theLanguageOfTheReplyIsNoDifference() async throws {
        let request = SubmissionRequestBuilder(form: SubmissionControllerTests.form(), language: .es)
            .request(values: Self.values, key: IdempotencyKey("a"))
        var other = SubmissionRequestBuilder(form: SubmissionControllerTests.form(), language: .en)
            .request(values: Self.values, key: IdempotencyKey("b"))
        let fingerprint = try #require(PayloadFingerprint.make(of: request, keyHeader: "Idempotency-Key", cost: 1))
        #expect(fingerprint.matches(other, keyHeader: "Idempotency-Key"))
        other.body = Data(#"{"email":"ana@example.com","age":31}"#.utf8)
        #expect(!fingerprint.matches(other, keyHeader: "Idempotency-Key"))
    }

    // MARK: - Unmatched attempts

    @Test(arguments: [UnmatchedAttemptPolicy.replace, .keep])
    func aDifferentSendReplacesOrKeepsTheEarlierAttempt(policy: UnmatchedAttemptPolicy) async {
        let earlier = await Self.leftByAFailedRun()
        let journal = MemoryJournal()
        let keys = CountingKeys()
        _ = keys.generator.next()
        let (controller, log) = Self.make(
            ScriptedTransport([.reply(status: 503)]), journal: journal, pending: earlier, policy: policy, keys: keys)
        var values = Self.values
        values["age"] = .number(31)
        _ = await controller.submit(values: values)
        let kept = journal.last.map(\.key.value)
        let notice = log.all.filter { if case .earlierAttemptsKept = $0.kind { true } else { false } }
        switch policy {
        case .replace:
            #expect(kept == ["key-2"])
            #expect(notice.isEmpty)
        case .keep:
            #expect(kept == ["key-1", "key-2"])
            #expect(
                notice.map(\.text) == [
                    SubmissionControllerTests.localizer.plural(
                        "submission.earlierAttemptKept", count: 1)
                ])
        }
    }

    // MARK: - The fingerprint

    @Test func theFingerprintIsSaltedAndHoldsNoPartOfTheRequest() throws {
        let request = SubmissionRequestBuilder(form: SubmissionControllerTests.form(), language: .es)
            .request(values: Self.values, key: IdempotencyKey("a"))
        let first = try #require(PayloadFingerprint.make(of: request, keyHeader: "Idempotency-Key", cost: 1))
        let second = try #require(PayloadFingerprint.make(of: request, keyHeader: "Idempotency-Key", cost: 1))
        #expect(first != second, "a fresh salt each time")
        #expect(first.matches(request, keyHeader: "Idempotency-Key"))
        #expect(second.matches(request, keyHeader: "Idempotency-Key"))
        let digest = PayloadFingerprint.digest(of: request, keyHeader: "Idempotency-Key")
        for part in [digest, "ana@example.com", String(digest.prefix(16))] {
            #expect(!first.stored.contains(part))
        }
        #expect(first.stored.hasPrefix("$y$"))
    }

    /// What a guess costs someone holding the draft: one yescrypt at the default cost each.
    @Test func aGuessCostsAPasswordHash() throws {
        let request = SubmissionRequestBuilder(form: SubmissionControllerTests.form(), language: .es)
            .request(values: Self.values, key: IdempotencyKey("a"))
        let fingerprint = try #require(PayloadFingerprint.make(of: request, keyHeader: "Idempotency-Key"))
        let clock = ContinuousClock()
        var wrong = request
        let elapsed = clock.measure {
            for guess in 0..<5 {
                wrong.body = Data(#"{"password":"guess\#(guess)"}"#.utf8)
                #expect(!fingerprint.matches(wrong, keyHeader: "Idempotency-Key"))
            }
        }
        // yescrypt at the default cost fills 4 MiB a hash: milliseconds, where a SHA-256 takes a microsecond.
        #expect(elapsed / 5 > .milliseconds(3), "\(elapsed / 5) a guess")
    }
}
