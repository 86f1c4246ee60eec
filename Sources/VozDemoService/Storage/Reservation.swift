/// What the store found when a request claimed an idempotency key.
enum Reservation: Sendable, Equatable {
    /// The key is new and is now held in flight by this request.
    case reserved
    /// The key finished before with the same payload: send this reply again.
    case replay(StoredReply)
    /// The key was used before with a different payload.
    case mismatch
    /// Another request with this key is still being processed.
    case inFlight
}
