import Foundation
import Testing
import VozDemoService
import VozKit
import VozTestTraits

/// Issue 8, item 7: 200 scripted submissions through VozKit's own submission stack — `SubmissionController`,
/// `CurlTransport`, `ReplyInterpreter` — against the real demo service over loopback, through random
/// latency, 503s, drops after commit, held replies and client timeouts, each transient failure retried with the
/// same key until it succeeds. The service ends with exactly one account for each distinct payload.
///
/// In-process rather than 200 `voz` processes: the same code, a fraction of the time. Seeded, so a failure can
/// be replayed; the service restarts between phases on the same database, with new faults each time.
@Suite(.ownThread) struct ExactlyOnceSoakTests {
    static let seed: UInt64 = 0x566F_7A08
    static let phases = 8
    static let submissionsPerPhase = 25
    static let workers = 5

    /// One scripted submission: whose payload, and how long this client waits for a reply.
    struct Scripted: Sendable {
        var email: String
        var timeoutSeconds: Double
        var pauseMilliseconds: Int
    }

    /// How a scripted submission ended.
    struct Ended: Sendable {
        var email: String
        var completed: Bool
        /// A permanent failure blaming the e-mail: the payload was already an account.
        var duplicate: Bool
        var sends: Int
        /// How many sends this client gave up waiting for.
        var timeouts: Int
        /// The final state in words, for failure messages.
        var outcome: String
    }

    @Test(.timeLimit(.minutes(2)))
    func everyDistinctPayloadBecomesExactlyOneAccountThroughRandomFaults() async throws {
        var random = SeededGenerator(seed: Self.seed)
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("soak.sqlite").path
        let (form, localizer) = try FormRun.spanish()
        let started = ContinuousClock.now

        var ended: [Ended] = []
        var emails: [String] = []
        var faultsSeen = DemoFaults()
        for phase in 0..<Self.phases {
            let faults = DemoFaults(
                latencyMilliseconds: Int.random(in: 0...200, using: &random),
                unavailableFirst: Int.random(in: 0...2, using: &random),
                dropAfterCommit: Int.random(in: 1...4, using: &random),
                timeoutFirst: Int.random(in: 0...2, using: &random),
                holdSeconds: 1)
            faultsSeen.unavailableFirst += faults.unavailableFirst
            faultsSeen.dropAfterCommit += faults.dropAfterCommit
            faultsSeen.timeoutFirst += faults.timeoutFirst
            // About one in ten sends a payload of an earlier phase again under a new key, as a person sending twice
            // would. (Earlier phases only: the first send has ended, so which of the two is refused is known.)
            let earlier = emails
            let script = (0..<Self.submissionsPerPhase).map { index -> Scripted in
                let again = !earlier.isEmpty && Int.random(in: 0..<10, using: &random) == 0
                let email = again ? earlier.randomElement(using: &random) ?? "" : "soak\(phase)-\(index)@example.com"
                if !again { emails.append(email) }
                // A rejected payload's reply is not kept by the service (like Stripe, it frees the key for a
                // corrected payload), so a client that always gives up before the server answers would never hear
                // the rejection: those who send again wait longer than any latency here.
                let timeout = Double.random(in: 0.1...1.0, using: &random)
                return Scripted(
                    email: email, timeoutSeconds: again ? 2 : timeout,
                    pauseMilliseconds: Int.random(in: 0...30, using: &random))
            }
            let service = DemoService(
                configuration: DemoConfiguration(databasePath: database, faults: faults, passwordCost: 1))
            try service.start()
            let url = try #require(service.baseURL).appendingPathComponent("accounts")
            ended += await Self.run(script, form: form, localizer: localizer, url: url)
            service.stop()
        }

        let service = DemoService(configuration: DemoConfiguration(databasePath: database, passwordCost: 1))
        try service.start()
        defer { service.stop() }
        let accounts = service.accounts().map(\.email)
        let posts = service.requestLog().filter { $0.method == "POST" }

        #expect(ended.count == Self.phases * Self.submissionsPerPhase)
        #expect(accounts.count == Set(emails).count, "one account a distinct payload")
        #expect(Set(accounts) == Set(emails), "none lost")
        #expect(accounts.count == Set(accounts).count, "no duplicates")
        for email in Set(emails) {
            let mine = ended.filter { $0.email == email }
            #expect(mine.first?.completed == true, "\(email): its first send completed")
            #expect(mine.filter(\.completed).count == 1, "\(email): one send completed")
            #expect(
                mine.allSatisfy { $0.completed || $0.duplicate },
                "\(email): the others were told it exists: \(mine.map(\.outcome))")
        }
        // Retries kept their key: one key a submission, however many sends it took.
        #expect(Set(posts.compactMap(\.idempotencyKey)).count == ended.count)
        #expect(posts.count == ended.map(\.sends).reduce(0, +))
        // The faults really happened.
        #expect(posts.contains { $0.status == 503 })
        #expect(posts.contains { !$0.delivered })
        #expect(posts.contains { $0.replayed })
        #expect(ended.map(\.timeouts).reduce(0, +) > 0, "clients timed out")
        #expect(faultsSeen.dropAfterCommit > 0)
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    /// Runs `script` over `workers` concurrent clients, each submission to its end.
    static func run(_ script: [Scripted], form: Form, localizer: Localizer, url: URL) async -> [Ended] {
        await withTaskGroup(of: [Ended].self) { group in
            for worker in 0..<workers {
                let mine = script.enumerated().filter { $0.offset % workers == worker }.map(\.element)
                group.addTask {
                    var ended: [Ended] = []
                    for scripted in mine {
                        ended.append(await submit(scripted, form: form, localizer: localizer, url: url))
                    }
                    return ended
                }
            }
            var all: [Ended] = []
            for await ended in group { all += ended }
            return all
        }
    }

    /// One client: submit, then retry every transient failure with the same key until an outcome is final.
    static func submit(_ scripted: Scripted, form: Form, localizer: Localizer, url: URL) async -> Ended {
        var form = form
        form.submit.url = url
        form.submit.timeoutSeconds = scripted.timeoutSeconds
        let values = FormValues([
            "name": .text("Ana Pérez"), "email": .text(scripted.email), "password": .text("soak-password-1"),
            "plan": .text("free"), "terms": .bool(true),
        ])
        let controller = SubmissionController(
            form: form, transport: CurlTransport(),
            interpreter: ReplyInterpreter(form: form, localizer: localizer, submitted: values),
            options: SubmissionController.Options(stillSendingAfter: nil))
        try? await Task.sleep(for: .milliseconds(scripted.pauseMilliseconds))
        var result = await controller.submit(values: values)
        var sends = 1
        var timeouts = 0
        while case .finished(.failed(let failure, _, _)) = result, failure.kind == .transient, sends < 40 {
            if failure.message == localizer.text("server.timeout") { timeouts += 1 }
            result = await controller.retry()
            sends += 1
        }
        let state = await controller.state
        var ending = Ended(
            email: scripted.email, completed: false, duplicate: false, sends: sends, timeouts: timeouts,
            outcome: "\(state)")
        switch state {
        case .completed:
            ending.completed = true
        case .failed(let failure, _, _):
            ending.duplicate = failure.kind == .permanent && failure.fieldErrors.map(\.fieldID) == ["email"]
        default:
            break
        }
        return ending
    }
}
