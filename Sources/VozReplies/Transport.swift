import Foundation
import VozForm

/// Sends one submission and returns the server's reply; the seam that lets the controller be tested without a
/// network.
public protocol Transport: Sendable {
    func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply
}

/// Everything needed to send one attempt of a submission.
public struct SubmissionRequest: Sendable, Equatable {
    public var url: URL
    public var method: HTTPMethod
    /// Headers in order, the idempotency header and `Accept-Language` included.
    public var headers: [HTTPHeader]
    public var body: Data
    public var timeoutSeconds: Double

    public init(url: URL, method: HTTPMethod, headers: [HTTPHeader], body: Data, timeoutSeconds: Double) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeoutSeconds = timeoutSeconds
    }
}

/// A server's reply as it arrived.
public struct HTTPReply: Sendable, Equatable {
    public var status: Int
    /// Headers in order as received; names compare case-insensitively through `header(_:)`.
    public var headers: [HTTPHeader]
    public var body: Data

    public init(status: Int, headers: [HTTPHeader] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why no reply arrived. The technical detail is for the log only.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut
    case cannotConnect(detail: String)
    case connectionLost(detail: String)
    case notConnected
    case dnsFailure(host: String)
    case tls(detail: String)
    case cancelled
    /// The reply was larger than the limit (1 MiB); the reply was not read further.
    case replyTooLarge(limit: Int)
    /// libcurl, which every send over the network goes through, could not be opened; nothing was sent.
    case networkLibraryMissing(detail: String)
    case other(detail: String)

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
        case .other(let detail): return detail
        }
    }
}
