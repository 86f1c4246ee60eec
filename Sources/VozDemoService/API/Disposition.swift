/// What the connection does once the API has decided: the faults live here as much as the replies.
enum Disposition: Sendable, Equatable {
    /// Send the reply and close.
    case reply(HTTPResponse)
    /// Close at once without a reply (drop after commit).
    case drop
    /// Keep the connection open without a reply for `seconds`, then close (timeout-first).
    case hold(seconds: Double)
    /// Send the head and `prefix`, then a byte at a time for ever (hostile slow drip).
    case drip(HTTPResponse, prefix: String, intervalSeconds: Double)
}
