import Foundation

/// One request the demo service received, as `GET /requests` lists it: what arrived and what became of it, never
/// its body.
///
/// Tests read these to prove that a retry carried the same idempotency key, or that no second request arrived.
public struct DemoRequestRecord: Sendable, Equatable, Codable {
    /// 1 for the first request the service logged, then 2, 3…
    public var sequence: Int
    /// When the request was answered (or dropped), ISO 8601 in UTC.
    public var time: String
    /// The method, or empty when the request line could not be parsed.
    public var method: String
    /// The path without its query, or empty when the request line could not be parsed.
    public var path: String
    /// The `Idempotency-Key` it carried, if any.
    public var idempotencyKey: String?
    /// The status of the reply that was (or, when `delivered` is false, would have been) sent.
    public var status: Int
    /// False when a fault closed the connection without a reply (drop after commit, timeout).
    public var delivered: Bool
    /// True when the reply was a stored one replayed for a repeated idempotency key.
    public var replayed: Bool

    public init(
        sequence: Int, time: String, method: String, path: String, idempotencyKey: String?, status: Int,
        delivered: Bool, replayed: Bool
    ) {
        self.sequence = sequence
        self.time = time
        self.method = method
        self.path = path
        self.idempotencyKey = idempotencyKey
        self.status = status
        self.delivered = delivered
        self.replayed = replayed
    }
}
