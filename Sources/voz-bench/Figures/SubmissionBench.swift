import Foundation
import VozDemoService
import VozKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers every send with one reply recorded from the demo service: the submission path with
/// the network taken out.
struct ReplayTransport: Transport {
    let reply: HTTPReply

    func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
        reply
    }
}

/// Figure 4: what a submission costs on the client, and what the demo service sustains on loopback.
struct SubmissionBench {
    let context: BenchContext
    var submissions = 1_000

    /// A `POST /accounts` body for a new account; each email makes it a different account.
    static func body(email number: Int) -> String {
        #"{"name":"Ana Pérez","email":"ana\#(number)@ejemplo.com","password":"secreto123","plan":"free","terms":true}"#
    }

    static func values(email number: Int) -> FormValues {
        FormValues([
            "name": .text("Ana Pérez"), "email": .text("ana\(number)@ejemplo.com"), "password": .text("secreto123"),
            "plan": .text("free"), "terms": .bool(true),
        ])
    }

    func rows() async -> [BenchRow] {
        // The cheapest yescrypt for the submission figures, which are about the client: at the default cost the
        // service's 19 ms of hashing a request would hide what the client adds. The throughput row below is the
        // service's own, at its default cost.
        let service = DemoService(configuration: DemoConfiguration(passwordCost: 1))
        let serviceAsShipped = DemoService()
        defer {
            service.stop()
            serviceAsShipped.stop()
        }
        do {
            try service.start()
            guard let base = service.baseURL else { throw BenchError.failed("the demo service has no address") }
            var form = try FormFile.load(path: context.form).form
            form.submit.url = base.appendingPathComponent("accounts")
            let localizer = Localizer(language: .es, overrides: form.messages)
            var email = 0
            func nextEmail() -> Int {
                email += 1
                return email
            }
            // One real reply to replay: the service's 201, exactly as it came.
            let builder = SubmissionRequestBuilder(form: form, language: .es)
            let reply = try await CurlTransport().send(
                builder.request(values: Self.values(email: nextEmail()), key: .random()))
            guard reply.status == 201 else { throw BenchError.failed("the demo service answered \(reply.status)") }

            let replayed = try await controllerRuns(form, localizer, ReplayTransport(reply: reply), nextEmail)
            let viaCurl = try await controllerRuns(form, localizer, CurlTransport(), nextEmail)
            let raw = try await rawPosts(form, builder, nextEmail)
            let (perSecond, created) = LoopbackClient(port: try serviceAsShipped.start()).throughput(
                count: 2_000, clients: 2, firstEmail: nextEmail() + 1_000_000)
            let overhead = viaCurl.median - raw.median
            return [
                BenchRow(
                    "4. submission, client-side work only (controller + interpreter, reply replayed; \(submissions)×)",
                    voz: Format.times(replayed),
                    alternative: "one raw URLSession POST on loopback: " + Format.times(raw),
                    ratio: Format.ratio(raw.median, replayed.median)),
                BenchRow(
                    "4. submission through CurlTransport to the demo, no latency (\(submissions)×)",
                    voz: Format.times(viaCurl) + ", \(Format.time(overhead)) over raw",
                    alternative: "raw URLSession POST, same body: " + Format.times(raw),
                    ratio: Format.ratio(raw.median, viaCurl.median)),
                BenchRow(
                    "4. demo service throughput, loopback, POST /accounts, 2 clients (yescrypt at its default cost)",
                    voz: Format.rate(perSecond, unit: "requests/s") + (created == 2_000 ? "" : " (\(created) created)")),
            ]
        } catch {
            return [.skipped("4. submission", reason: "\(error)")]
        }
    }

    /// One controller a submission, as a session has: submit, wait for the outcome, check it completed.
    private func controllerRuns(
        _ form: Form, _ localizer: Localizer, _ transport: any Transport, _ nextEmail: () -> Int
    ) async throws -> Samples {
        var samples = Samples()
        let options = SubmissionController.Options(stillSendingAfter: nil)
        for _ in 0..<submissions {
            let values = Self.values(email: nextEmail())
            let start = ContinuousClock.now
            let controller = SubmissionController(
                form: form, transport: transport,
                interpreter: ReplyInterpreter(form: form, localizer: localizer, submitted: values), options: options)
            let result = await controller.submit(values: values)
            samples.add(ContinuousClock.now - start)
            guard case .finished(.completed) = result else { throw BenchError.failed("a submission ended \(result)") }
        }
        return samples
    }

    /// The alternative: the same request (body and headers) POSTed with one URLSession, status checked.
    private func rawPosts(
        _ form: Form, _ builder: SubmissionRequestBuilder, _ nextEmail: () -> Int
    ) async throws -> Samples {
        var samples = Samples()
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        for _ in 0..<submissions {
            let request = builder.request(values: Self.values(email: nextEmail()), key: .random())
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method.rawValue
            for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
            urlRequest.httpBody = request.body
            let start = ContinuousClock.now
            let (_, response) = try await session.data(for: urlRequest)
            samples.add(ContinuousClock.now - start)
            guard (response as? HTTPURLResponse)?.statusCode == 201 else { throw BenchError.failed("raw POST failed") }
        }
        return samples
    }
}
