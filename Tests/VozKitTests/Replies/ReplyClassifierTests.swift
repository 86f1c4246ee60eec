import Foundation
import Testing

@testable import VozKit
@testable import VozReplies

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ReplyClassifierTests {
    static let interpreter = ReplyInterpreter(form: ServerFixtures.form, localizer: ServerFixtures.spanish)

    @Test(arguments: [408, 425, 429, 500, 502, 503, 504, 507, 520])
    func passingFaultsAreTransient(_ status: Int) {
        #expect(kind(of: HTTPReply(status: status)) == .transient)
    }

    @Test(arguments: [400, 401, 403, 404, 409, 410, 413, 422, 501, 302])
    func refusalsArePermanent(_ status: Int) {
        #expect(kind(of: HTTPReply(status: status)) == .permanent)
    }

    @Test(arguments: [200, 201, 202, 204])
    func acceptedRepliesAreSuccess(_ status: Int) {
        #expect(
            Self.interpreter.interpret(HTTPReply(status: status)) == .success(Receipt(message: "Formulario enviado.")))
    }

    @Test func aSuccessKeepsTheReferenceTheServerGave() {
        let reply = HTTPReply(status: 201, body: Data(#"{"data":{"id":"acc_1","type":"accounts"}}"#.utf8))
        #expect(
            Self.interpreter.interpret(reply) == .success(Receipt(message: "Formulario enviado.", reference: "acc_1")))
    }

    @Test(arguments: [
        (TransportError.timedOut, SubmissionFailure.Kind.transient, "server.timeout"),
        (.cannotConnect(detail: "refused"), .transient, "server.cannotConnect"),
        (.connectionLost(detail: "reset"), .transient, "server.connectionLost"),
        (.notConnected, .transient, "server.offline"),
        (.dnsFailure(host: "api.example.com"), .transient, "server.dns"),
        (.cancelled, .transient, "server.cancelled"),
        (.tls(detail: "untrusted"), .permanent, "server.tls"),
        (.replyTooLarge(limit: 1_048_576), .permanent, "server.replyTooLarge"),
        (.networkLibraryMissing(detail: "libcurl.so.4: cannot open"), .transient, "server.networkLibrary"),
        (.redirectRefused(detail: "refused a redirect to http://x"), .permanent, "server.redirectRefused"),
        (.other(detail: "???"), .transient, "server.cannotConnect"),
    ])
    func transportErrorsAreClassifiedAndTranslated(
        _ error: TransportError, _ kind: SubmissionFailure.Kind, _ key: String
    ) {
        let expected = SubmissionFailure(kind: kind, message: ServerFixtures.spanish.text(key))
        #expect(Self.interpreter.interpret(error) == .failure(expected))
    }

    @Test(arguments: [
        (URLError.Code.timedOut, TransportError.timedOut),
        (.notConnectedToInternet, .notConnected),
        (.cancelled, .cancelled),
        (.cannotFindHost, .dnsFailure(host: "api.example.com")),
        (.dnsLookupFailed, .dnsFailure(host: "api.example.com")),
    ])
    func mapsURLErrorCodes(_ code: URLError.Code, _ expected: TransportError) throws {
        let url = try #require(URL(string: "https://api.example.com/x"))
        let error = URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: url])
        #expect(TransportError(urlError: error) == expected)
    }

    @Test(arguments: [
        URLError.Code.cannotConnectToHost, .networkConnectionLost, .secureConnectionFailed,
        .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
        .serverCertificateNotYetValid,
    ])
    func mapsConnectionAndCertificateFailures(_ code: URLError.Code) {
        let mapped = TransportError(urlError: URLError(code))
        switch (code, mapped) {
        case (.cannotConnectToHost, .cannotConnect), (.networkConnectionLost, .connectionLost): break
        case (_, .tls) where code != .cannotConnectToHost && code != .networkConnectionLost: break
        default: Issue.record("\(code) became \(mapped)")
        }
    }

    @Test func aReplyOverTheSizeLimitIsPermanent() {
        let reply = HTTPReply(status: 200, body: Data(count: 1_048_577))
        // The server replied, so the send was answered: a retry under the same key would get the same reply.
        var expected = SubmissionFailure(kind: .permanent, message: ServerFixtures.spanish.text("server.replyTooLarge"))
        expected.answered = true
        #expect(Self.interpreter.interpret(reply) == .failure(expected))
    }

    private func kind(of reply: HTTPReply) -> SubmissionFailure.Kind? {
        guard case .failure(let failure) = Self.interpreter.interpret(reply) else { return nil }
        return failure.kind
    }
}
