import Foundation

/// A reply kept for an idempotency key, replayed byte for byte when the same request comes again.
struct StoredReply: Sendable, Equatable {
    var status: Int
    var headers: [HTTPField]
    var body: Data
}
