import Foundation
import VozForm

/// A reply kept for an idempotency key, replayed byte for byte when the same request comes again.
struct StoredReply: Sendable, Equatable {
    var status: Int
    var headers: [HTTPHeader]
    var body: Data
}
