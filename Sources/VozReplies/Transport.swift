import Foundation
import VozForm

/// Sends one submission and returns the server's reply; the seam that lets the controller be tested without a
/// network.
public protocol Transport: Sendable {
    /// Sends `request` once and returns the reply as it arrived, whatever its status, or throws why none did; gives up
    /// after `request.timeoutSeconds`.
    func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply

    /// Whether `send` itself ends at `request.timeoutSeconds`, reading what arrived by then (a success's head is
    /// the server's yes). The controller's own timer then only backs it up, a moment later, so the two never race
    /// to say what the timeout means.
    var keepsItsTimeout: Bool { get }
}

extension Transport {
    /// A transport is not trusted to end by itself unless it says so.
    public var keepsItsTimeout: Bool { false }
}

/// Everything needed to send one attempt of a submission.
public struct SubmissionRequest: Sendable, Equatable {
    /// The address sent to, its parameters filled.
    public var url: URL
    /// The HTTP method.
    public var method: HTTPMethod
    /// Headers in order, the idempotency header and `Accept-Language` included.
    public var headers: [HTTPHeader]
    /// The encoded body, exactly the bytes sent.
    public var body: Data
    /// How long the whole exchange may take, in seconds.
    public var timeoutSeconds: Double
    /// The sending rules every redirect of this request is judged by (`SendingPolicy` judged the first address).
    public var transit: TransitRules

    /// One attempt to send `body` to `url`, its redirects judged by `transit`.
    public init(
        url: URL, method: HTTPMethod, headers: [HTTPHeader], body: Data, timeoutSeconds: Double,
        transit: TransitRules = TransitRules()
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeoutSeconds = timeoutSeconds
        self.transit = transit
    }
}

/// A server's reply as it arrived.
public struct HTTPReply: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Headers in order as received; names compare case-insensitively through `header(_:)`.
    public var headers: [HTTPHeader]
    /// The body as received, bytes unread.
    public var body: Data
    /// What went wrong with the body of a success whose head arrived whole (cut short, mis-chunked, wrongly
    /// encoded), for the technical log only: the head is the outcome, and the body is then left empty.
    public var bodyFault: String?

    /// A reply with this status, headers and body.
    public init(status: Int, headers: [HTTPHeader] = [], body: Data = Data(), bodyFault: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyFault = bodyFault
    }

    /// The first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why no reply arrived. The technical detail is for the log only.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No reply within the request's timeout.
    case timedOut
    /// The server refused the connection or could not be reached.
    case cannotConnect(detail: String)
    /// The connection broke before the whole reply arrived.
    case connectionLost(detail: String)
    /// This machine has no network connection.
    case notConnected
    /// The host's name could not be looked up.
    case dnsFailure(host: String)
    /// The secure connection failed, a certificate included; retrying will not help.
    case tls(detail: String)
    /// The send was cancelled before a reply arrived.
    case cancelled
    /// The reply was larger than the limit (1 MiB); the reply was not read further.
    case replyTooLarge(limit: Int)
    /// libcurl, which every send over the network goes through, could not be opened; nothing was sent.
    case networkLibraryMissing(detail: String)
    /// The server redirected the request where the sending rules forbid it to go (its secrets, or answers sent
    /// encrypted, over plain HTTP); the redirect was not followed.
    case redirectRefused(detail: String)
    /// A hop went, by its name or by an address the name resolved to, to this machine or a private network, which
    /// the answers of a description read from another host may not reach without `--allow-local-target`;
    /// nothing was sent.
    case localAddressRefused(detail: String)
    /// Any other failure; `detail` is for the log.
    case other(detail: String)

    /// The cause in a few English words with its technical detail, for the log; never said to the user.
    public var description: String {
        switch self {
        case .timedOut: return "timed out"
        case .cannotConnect(let detail): return "cannot connect: \(detail)"
        case .connectionLost(let detail): return "connection lost: \(detail)"
        case .notConnected: return "not connected"
        case .dnsFailure(let host): return "DNS lookup failed for \(host)"
        case .tls(let detail): return "TLS failure: \(detail)"
        case .cancelled: return "cancelled"
        case .replyTooLarge(let limit): return "reply larger than \(limit) bytes"
        case .networkLibraryMissing(let detail): return "the network library is missing: \(detail)"
        case .redirectRefused(let detail): return detail
        case .localAddressRefused(let detail): return detail
        case .other(let detail): return detail
        }
    }
}
