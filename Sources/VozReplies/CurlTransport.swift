import Foundation
import Synchronization
import VozSupport

/// Sends submissions over HTTP(S) with libcurl, opened on the first send (`CurlLibrary`).
///
/// Each send uses a fresh handle: no cookies, no cache, no stored credentials, so one form's sending never leaks
/// into another's. Replies larger than `replyLimit` are cut off unread (`replyTooLarge`), the form's timeout is
/// kept to the millisecond, TLS certificates are always verified, and a redirect that leaves the origin (scheme,
/// host and port) loses every credential header, the form's environment headers included. Every redirect is
/// judged by the request's `TransitRules`: one they refuse is not followed (`redirectRefused`). An address on
/// this machine, or a name whose every address is, never goes through a proxy. When the rules refuse this machine
/// and private networks, every hop is judged by the addresses its name resolves to, resolved once and handed to
/// libcurl, and by the address connected to before anything is sent (`localAddressRefused`). Without libcurl on the machine a send fails with
/// `networkLibraryMissing`, which the session says in one sentence.
public struct CurlTransport: Transport {
    /// libcurl's own deadline ends the exchange at the request's timeout, keeping a success whose head arrived.
    public var keepsItsTimeout: Bool { true }

    /// 1 MiB: far more than any form reply; beyond it the reply is not a form reply.
    public static let defaultReplyLimit = 1 << 20

    /// The largest reply body read, in bytes.
    public var replyLimit: Int
    let library: @Sendable () throws(SharedLibrary.LoadError) -> CurlLibrary
    let routing: HopRouting

    /// A transport that reads replies of up to `replyLimit` bytes.
    public init(replyLimit: Int = CurlTransport.defaultReplyLimit) {
        self.init(replyLimit: replyLimit, library: CurlLibrary.shared)
    }

    /// A transport that opens libcurl with `library` (tests give one that fails) and routes by `routing` (tests
    /// give their own proxy settings and notion of this machine).
    init(
        replyLimit: Int, library: @escaping @Sendable () throws(SharedLibrary.LoadError) -> CurlLibrary,
        routing: HopRouting = .system
    ) {
        self.replyLimit = replyLimit
        self.library = library
        self.routing = routing
    }

    // MARK: - Sending

    /// Sends `request` and returns the reply as it arrived, or why none did.
    public func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
        let refusal = Mutex<String?>(nil)
        let (rules, origin, routing) = (request.transit, request.url, self.routing)
        let method = CurlRequest(request).method
        let exchange = CurlExchange(
            limit: replyLimit, origin: origin,
            allowsRedirect: { next, _ in
                // A 303, or a 301 or 302 of a POST, would fetch another page with GET, whose 200 says only that the
                // page exists ("Form sent." after a 302 to a login page). The redirect is the server's reply: what
                // became of the form is not known from it, and it is said so.
                guard next.method == method else { return false }
                guard let reason = rules.refusal(of: next, origin: origin, routing: routing) else { return true }
                refusal.withLock { $0 = reason }
                return false
            }, routing: routing, refusesLocal: rules.refusesLocalAddresses, headSuffices: true, library: library)
        let result = await exchange.run(CurlRequest(request), timeout: request.timeoutSeconds)
        // The redirect's own reply says nothing the person can act on; the refusal does.
        if let reason = refusal.withLock({ $0 }) { throw .redirectRefused(detail: reason) }
        switch result {
        case .success(let reply): return reply
        case .failure(let failure): throw TransportError(failure, host: request.url.host ?? "")
        }
    }
}

/// The transport that sent through URLSession: libcurl is now called directly, and only when a form is sent.
@available(*, deprecated, renamed: "CurlTransport")
public typealias URLSessionTransport = CurlTransport

// MARK: - Errors

extension TransportError {
    /// Why no reply arrived, from what the exchange reported. Names only the cause: the reply interpreter (and, for
    /// descriptions, `CurlSpecLoader`) owns the user-facing meaning.
    package init(_ failure: CurlExchange.Failure, host: String) {
        switch failure {
        case .unavailable(let error): self = .networkLibraryMissing(detail: error.description)
        case .tooLarge(let limit): self = .replyTooLarge(limit: limit)
        case .curl(let failure): self.init(curl: failure, host: host)
        case .timedOut: self = .timedOut
        case .cancelled: self = .cancelled
        case .localAddress(let detail): self = .localAddressRefused(detail: detail)
        case .other(let detail): self = .other(detail: detail)
        }
    }
}
