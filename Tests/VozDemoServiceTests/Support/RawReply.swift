import Foundation

/// What came back on a raw connection: the parsed reply, or nothing when the server closed without one.
struct RawReply: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object, for problem details and creation replies.
    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }

    /// The problem's field errors as pointer → detail, in the order sent.
    var fieldErrors: [(pointer: String, detail: String)] {
        let errors = json?["errors"] as? [[String: Any]] ?? []
        return errors.map { ($0["pointer"] as? String ?? "", $0["detail"] as? String ?? "") }
    }
}
