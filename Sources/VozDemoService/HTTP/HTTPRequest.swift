import Foundation
import VozForm

/// A request as the strict parser accepted it.
struct HTTPRequest: Sendable, Equatable {
    var method: String
    /// The path of the request target, without the query.
    var path: String
    /// The query without its `?`, empty when there is none.
    var query: String
    var version: String
    var headers: [HTTPHeader]
    var body: Data

    /// The first header with this name, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Every value of headers with this name, in order.
    func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }
}
