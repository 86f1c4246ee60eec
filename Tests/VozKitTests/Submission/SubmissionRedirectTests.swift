import Foundation
import Synchronization
import Testing
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies
@testable import VozSubmission

/// A redirect of a real send, judged by the same sending rules as the form's own address: the controller over the
/// real transport and two loopback listeners, the second standing for another machine (the transport's notion of
/// this machine is only 127.0.0.1 here, so nothing ever leaves it).
@Suite(.serialized, .ownThread) struct SubmissionRedirectTests {
    static let password = "p@ss w0rd#2024"

    static func form(_ url: URL) -> Form {
        Form(
            id: "alta", title: "Alta", locale: "es",
            fields: [
                Field(id: "email", label: "Correo", kind: .email),
                Field(id: "password", label: "Contraseña", kind: .secret),
            ],
            submit: SubmitSpec(label: "Crear cuenta", url: url, timeoutSeconds: 10))
    }

    @Test func aRedirectOfSecretsToPlainHTTPElsewhereIsRefusedInOneSentence() async throws {
        let other = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { other.stop() }
        let landing = other.url("/accounts", host: "localhost").absoluteString
        let first = try LoopbackHTTPServer { _ in
            .reply(status: 307, headers: [HTTPHeader(name: "Location", value: landing)])
        }
        defer { first.stop() }
        let form = Self.form(first.url("/accounts"))
        let values = FormValues(["email": .text("ana@example.com"), "password": .text(Self.password)])
        let localizer = Localizer(language: .es)
        let log = MemoryTechnicalLog()
        let transport = CurlTransport(
            replyLimit: 1 << 20, library: CurlLibrary.shared,
            routing: HopRouting(isLoopback: { $0 == "127.0.0.1" }, environment: [:]))
        let controller = SubmissionController(
            form: form, transport: transport,
            interpreter: ReplyInterpreter(form: form, localizer: localizer, submitted: values, log: log),
            options: SubmissionController.Options(stillSendingAfter: nil))

        let result = await controller.submit(values: values)
        guard case .finished(.failed(let failure, _, _)) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(other.requests.isEmpty, "the second listener got \(other.requests.map(\.method))")
        #expect(failure.kind == .permanent)
        #expect(failure.message == localizer.text("server.redirectRefused"))
        #expect(!failure.message.contains("localhost") && !failure.message.contains("http"))
        let entry = try #require(log.entries.last { $0.event == "transportError" })
        let detail = entry.detail ?? ""
        #expect(detail.contains(landing), "the log keeps where the redirect went: \(detail)")
        #expect(!log.text.contains(Self.password))
    }
}
