import Foundation
import Synchronization
import Testing
import VozTestSupport

@testable import VozForm
@testable import VozKit
@testable import VozReplies
@testable import VozSession
@testable import VozSubmission

/// A journal that keeps what it is given in memory, and the list as it was at each write.
final class MemoryJournal: PendingAttemptJournal {
    private let writes = Mutex<[[PendingAttempt]]>([])

    func keep(_ attempts: [PendingAttempt]) {
        writes.withLock { $0.append(attempts) }
    }

    var all: [[PendingAttempt]] { writes.withLock { $0 } }
    var last: [PendingAttempt] { all.last ?? [] }
}

/// A journal on a full disk: every write fails, as the draft keeper's does with ENOSPC.
struct FullDiskJournal: PendingAttemptJournal {
    static let failure = PendingAttemptJournalFailure(
        folder: "/tmp/voz-full/drafts", cause: .full, detail: "Cannot write: No space left on device.")

    func keep(_ attempts: [PendingAttempt]) throws(PendingAttemptJournalFailure) {
        throw Self.failure
    }
}

/// A journal whose writes fail while `failing` is set.
final class FlakyJournal: PendingAttemptJournal {
    private let state = Mutex(false)

    var failing: Bool {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    func keep(_ attempts: [PendingAttempt]) throws(PendingAttemptJournalFailure) {
        if failing { throw FullDiskJournal.failure }
    }
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
        _ transport: any Transport, form: Form = SubmissionControllerTests.form(),
        journal: any PendingAttemptJournal, pending: [PendingAttempt] = [], keys: CountingKeys = CountingKeys()
    ) -> (SubmissionController, ProgressLog) {
        let interpreter = ReplyInterpreter(form: form, localizer: SubmissionControllerTests.localizer)
        // A manual clock that nothing advances: no timeout can end a send these tests cancel or answer.
        let options = SubmissionController.Options(
            stillSendingAfter: nil, keys: keys.generator, journal: journal, fingerprintCost: cost, clock: ManualClock())
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

    /// A send of other data never drops the unanswered one: it is said first, and both stay pending.
    @Test func aDifferentSendKeepsTheEarlierAttemptAndSaysSoFirst() async {
        let earlier = await Self.leftByAFailedRun()
        let journal = MemoryJournal()
        let keys = CountingKeys()
        _ = keys.generator.next()
        let (controller, log) = Self.make(
            ScriptedTransport([.reply(status: 503)]), journal: journal, pending: earlier, keys: keys)
        var values = Self.values
        values["age"] = .number(31)
        _ = await controller.submit(values: values)
        #expect(journal.last.map(\.key.value) == ["key-1", "key-2"])
        let notice = SubmissionControllerTests.localizer.plural("submission.earlierAttemptKept", count: 1)
        #expect(Array(log.texts.prefix(2)) == [notice, SubmissionControllerTests.localizer.text("submission.sending")])
    }

    /// Issue 36, "sent twice", shrunk: an interrupted send A; the next run sends B (another coupon), which the
    /// server rejects; A typed again must go under A's key, since the server may have A already.
    @Test func aRejectionOfOtherDataDoesNotEndTheUnansweredSend() async {
        let interrupted = await Self.leftByAFailedRun()
        let journal = MemoryJournal()
        let keys = CountingKeys()
        _ = keys.generator.next()
        let transport = ScriptedTransport([.reply(status: 422), .reply(status: 201)])
        let (controller, _) = Self.make(transport, journal: journal, pending: interrupted, keys: keys)
        var other = Self.values
        other["age"] = .number(31)
        _ = await controller.submit(values: other)
        #expect(journal.last.map(\.key.value) == ["key-1"], "the rejection settled only its own key")
        await controller.edit()
        _ = await controller.submit(values: Self.values)
        #expect(transport.keys() == ["key-2", "key-1"])
        #expect(journal.last.isEmpty)
    }

    // MARK: - A journal that cannot write

    /// A full disk: nothing leaves, the state stays as it was, and the sentence names the folder.
    @Test func aSendThatCannotBeNotedDoesNotLeave() async {
        let transport = ScriptedTransport([.reply(status: 201)])
        let (controller, log) = Self.make(transport, journal: FullDiskJournal())
        let result = await controller.submit(values: Self.values)
        #expect(result == .refused(.notRecorded(FullDiskJournal.failure)))
        #expect(transport.requests.isEmpty)
        #expect(await controller.state == .idle)
        #expect(await controller.pendingAttempts.isEmpty)
        #expect(log.all.isEmpty, "no \"sending\" was said")
        let phrase = controller.phrase(for: .notRecorded(FullDiskJournal.failure))
        #expect(phrase.contains("/tmp/voz-full/drafts"))
        #expect(phrase.hasPrefix("No se envió nada"))
    }

    /// A retry whose new time cannot be noted does not leave either; the failed state and its key stay.
    @Test func aRetryThatCannotBeNotedDoesNotLeave() async throws {
        let flaky = FlakyJournal()
        let transport = ScriptedTransport([.reply(status: 503), .reply(status: 201)])
        let (controller, _) = Self.make(transport, journal: flaky)
        _ = await controller.submit(values: Self.values)
        flaky.failing = true
        let result = await controller.retry()
        #expect(result == .refused(.notRecorded(FullDiskJournal.failure)))
        #expect(transport.requests.count == 1)
        #expect(await controller.currentKey == IdempotencyKey("key-1"))
        flaky.failing = false
        _ = await controller.retry()
        #expect(transport.keys() == ["key-1", "key-1"])
    }

    // MARK: - Outside input and lifetime

    @Test(arguments: [
        ("key-1", true), ("", false), ("a\r\nX-Injected: 1", false), ("a\u{0}b", false), ("with space", false),
        (String(repeating: "k", count: 255), true), (String(repeating: "k", count: 256), false), ("clé", false),
    ])
    func aStoredKeyIsVisibleASCIIAndBounded(value: String, accepted: Bool) {
        #expect((IdempotencyKey(stored: value) != nil) == accepted)
    }

    /// A draft's attempt with a key that would inject a header is refused when read, and the others survive.
    @Test func aDraftWithAnInjectingKeyLosesOnlyThatAttempt() throws {
        let fingerprint = "$y$j9T$salt$hash"
        let json = """
            {"formID":"alta","answers":{"email":"ana@example.com"},"savedAt":1,"pendingAttempts":[
            {"key":"a\\r\\nX-Evil: 1","fingerprint":"\(fingerprint)","sentAt":1},
            {"key":"","fingerprint":"\(fingerprint)","sentAt":1},
            {"key":"good-key","fingerprint":"\(fingerprint)","sentAt":1}]}
            """
        let draft = try JSONDecoder().decode(Draft.self, from: Data(json.utf8))
        #expect(draft.answers == ["email": "ana@example.com"])
        #expect(draft.pendingAttempts.map(\.key.value) == ["good-key"])
    }

    /// Attempts older than a day are let go, and at most `limit` of the newest are kept, in order.
    @Test func attemptsExpireAfterADayAndAreBounded() throws {
        let fingerprint = try #require(PayloadFingerprint(stored: "$y$j9T$salt$hash"))
        let now = 1_000_000.0
        func attempt(_ name: String, ago: Double) -> PendingAttempt {
            PendingAttempt(key: IdempotencyKey(name), fingerprint: fingerprint, sentAt: now - ago)
        }
        let old = [attempt("stale", ago: 86_401), attempt("fresh", ago: 60), attempt("future", ago: -90_000)]
        #expect(PendingAttempt.current(old, now: now).map(\.key.value) == ["fresh"])
        let many = (0..<1_500).map { attempt("k\($0)", ago: Double(1_500 - $0)) }
        let kept = PendingAttempt.current(many, now: now)
        #expect(kept.count == PendingAttempt.limit)
        #expect(kept.map(\.key.value) == (1_484..<1_500).map { "k\($0)" })
    }

    /// 1,500 pending sends left by earlier runs no longer hold a send back: the controller keeps the newest 16.
    @Test func aControllerStartsFromTheCurrentAttemptsOnly() async throws {
        let fingerprint = try #require(PayloadFingerprint(stored: "$y$j9T$salt$hash"))
        let now = Date().timeIntervalSince1970
        let many = (0..<1_500).map {
            PendingAttempt(key: IdempotencyKey("k\($0)"), fingerprint: fingerprint, sentAt: now - Double(1_500 - $0))
        }
        let stale = PendingAttempt(key: IdempotencyKey("stale"), fingerprint: fingerprint, sentAt: now - 90_000)
        let (controller, _) = Self.make(ScriptedTransport([]), journal: MemoryJournal(), pending: [stale] + many)
        #expect(await controller.pendingAttempts.count == PendingAttempt.limit)
        #expect(await !controller.pendingAttempts.contains { $0.key.value == "stale" })
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
