import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends submissions over HTTP(S) with Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Each send uses its own ephemeral session: no cookies, no cache, no stored credentials, so one form's sending
/// never leaks into another's. Replies larger than `replyLimit` are cut off unread (`replyTooLarge`), and a
/// redirect to another host loses the `Authorization` and `Cookie` headers.
public struct URLSessionTransport: Transport {
    /// 1 MiB: far more than any form reply; beyond it the reply is not a form reply.
    public static let defaultReplyLimit = 1 << 20

    /// The largest reply body read, in bytes.
    public var replyLimit: Int

    public init(replyLimit: Int = URLSessionTransport.defaultReplyLimit) {
        self.replyLimit = replyLimit
    }

    // MARK: - Sending

    /// Sends `request` and returns the reply as it arrived, or why none did.
    public func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
        let collector = URLSessionReplyCollector(limit: replyLimit, origin: request.url)
        let session = URLSession(
            configuration: URLSessionTransport.configuration(timeout: request.timeoutSeconds),
            delegate: collector,
            delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: URLSessionTransport.urlRequest(for: request))
        let result = await withTaskCancellationHandler {
            await collector.run(task, timeout: request.timeoutSeconds)
        } onCancel: {
            collector.cancel()
        }
        switch result {
        case .success(let reply): return reply
        case .failure(let error): throw transportError(from: error, host: request.url.host ?? "")
        }
    }

    static func configuration(timeout: Double) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        if timeout > 0 {
            // Rounded up, since FoundationNetworking truncates to whole seconds; the collector keeps the exact one.
            configuration.timeoutIntervalForRequest = timeout.rounded(.up)
            configuration.timeoutIntervalForResource = timeout.rounded(.up)
        }
        return configuration
    }

    static func urlRequest(for request: SubmissionRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        urlRequest.httpShouldHandleCookies = false
        if request.timeoutSeconds > 0 { urlRequest.timeoutInterval = request.timeoutSeconds.rounded(.up) }
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }
}

// MARK: - Errors

/// Why no reply arrived, from what URLSession reported. Names only the cause: the reply interpreter (and, for
/// descriptions, `URLSessionSpecLoader`) owns the user-facing meaning.
func transportError(from failure: URLSessionReplyCollector.Failure, host: String) -> TransportError {
    switch failure {
    case .tooLarge(let limit):
        return .replyTooLarge(limit: limit)
    case .urlError(let error):
        return transportError(from: error, host: host)
    case .other(let detail):
        return .other(detail: detail)
    }
}

private func transportError(from error: URLError, host: String) -> TransportError {
    let detail = "URLError \(error.code.rawValue): \(error.localizedDescription)"
    switch error.code {
    case .timedOut:
        return .timedOut
    case .cannotConnectToHost:
        return .cannotConnect(detail: detail)
    case .networkConnectionLost, .badServerResponse, .zeroByteResource:
        // The server closed or garbled the connection before a whole reply: nothing usable arrived.
        return .connectionLost(detail: detail)
    case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
        return .notConnected
    case .cannotFindHost, .dnsLookupFailed:
        return .dnsFailure(host: error.failingURL?.host ?? host)
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
        .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
        .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
        return .tls(detail: detail)
    case .cancelled, .userCancelledAuthentication:
        return .cancelled
    default:
        return .other(detail: detail)
    }
}
