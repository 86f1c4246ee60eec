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

/// The API's decision about one request, with what the request log needs to know.
struct Handling: Sendable, Equatable {
    var disposition: Disposition
    /// The status sent, or the one that would have been sent when the fault withheld the reply.
    var status: Int
    var replayed: Bool = false

    static func reply(_ response: HTTPResponse, replayed: Bool = false) -> Handling {
        Handling(disposition: .reply(response), status: response.status, replayed: replayed)
    }
}
