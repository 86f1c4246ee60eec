import Foundation
import Testing
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies
@testable import VozSubmission

/// A success whose head arrived whole is the outcome of a send, whatever then happens to its body: a real loopback
/// server sends a 201's head, then cuts the body short, breaks its chunks or garbles its encoding.
///
/// Reported as a failure, it had the person edit and send again under a new key, and the server make a second
/// record.
@Suite(.serialized, .ownThread) struct CurlTransportBodyTests {
    enum Breakage: String, CaseIterable, CustomStringConvertible {
        case cutShort, misChunked, wronglyEncoded
        var description: String { rawValue }

        /// The reply's bytes after a status line of `status`.
        func bytes(status: Int) -> Data {
            let line = "HTTP/1.1 \(status) Reply\r\nConnection: close\r\nContent-Type: application/json\r\n"
            switch self {
            case .cutShort: return Data((line + "Content-Length: 100\r\n\r\n{\"id\":\"acc_").utf8)
            case .misChunked: return Data((line + "Transfer-Encoding: chunked\r\n\r\nZZ\r\n{\"id\"\r\n").utf8)
            case .wronglyEncoded:
                return Data((line + "Content-Encoding: gzip\r\nContent-Length: 12\r\n\r\nnot gzip at all").utf8)
            }
        }
    }

    static func request(_ url: URL) -> SubmissionRequest {
        SubmissionRequest(
            url: url, method: .post, headers: [], body: Data(#"{"email":"ana@example.com"}"#.utf8), timeoutSeconds: 10)
    }

    @Test(arguments: Breakage.allCases)
    func aSuccessWhoseBodyBreaksIsASuccess(breakage: Breakage) async throws {
        let server = try LoopbackHTTPServer { _ in .raw(breakage.bytes(status: 201)) }
        defer { server.stop() }

        let reply = try await CurlTransport().send(Self.request(server.url()))
        #expect(reply.status == 201)
        #expect(reply.header("Content-Type") == "application/json")
        #expect(reply.body.isEmpty, "a broken body is not read as the server's words")
        #expect(reply.bodyFault?.contains("curl") == true, "\(String(describing: reply.bodyFault))")
    }

    /// A failure's head says nothing was made, so its broken body stays what it was: the connection was lost.
    @Test(arguments: Breakage.allCases)
    func aFailureWhoseBodyBreaksIsStillAFailure(breakage: Breakage) async throws {
        let server = try LoopbackHTTPServer { _ in .raw(breakage.bytes(status: 422)) }
        defer { server.stop() }

        do {
            let reply = try await CurlTransport().send(Self.request(server.url()))
            Issue.record("a broken 422 became the reply \(reply.status)")
        } catch {
            guard case .connectionLost = error else {
                Issue.record("expected connectionLost, got \(error)")
                return
            }
        }
    }

    /// The whole way: the controller completes, the person hears the success, and the body's fault goes to the
    /// technical log only.
    @Test func theSessionHearsTheSuccessAndTheLogKeepsTheFault() async throws {
        let server = try LoopbackHTTPServer { _ in .raw(Breakage.cutShort.bytes(status: 201)) }
        defer { server.stop() }
        let form = Form(
            id: "alta", title: "Alta", locale: "es", fields: [Field(id: "email", label: "Correo", kind: .email)],
            submit: SubmitSpec(label: "Crear cuenta", url: server.url("/accounts"), timeoutSeconds: 10))
        let values = FormValues(["email": .text("ana@example.com")])
        let log = MemoryTechnicalLog()
        let interpreter = ReplyInterpreter(
            form: form, localizer: Localizer(language: .es), submitted: values, log: log)
        let controller = SubmissionController(
            form: form, transport: CurlTransport(), interpreter: interpreter,
            options: SubmissionController.Options(stillSendingAfter: nil))

        let result = await controller.submit(values: values)
        guard case .finished(.completed) = result else {
            Issue.record("expected completed, got \(result)")
            return
        }
        let entry = try #require(log.entries.last { $0.event == "reply" })
        #expect(entry.status == 201)
        #expect(entry.detail?.contains("body not read whole") == true, "\(String(describing: entry.detail))")
    }
}
