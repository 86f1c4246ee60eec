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
