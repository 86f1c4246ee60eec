import Foundation
import VozForm

/// One HTTP request as libcurl sends it: a submission, a description's download, or the next one of a redirect.
package struct CurlRequest: Sendable, Equatable {
    var url: URL
    var method: String
    /// In order; libcurl adds `Host`, `Content-Length` and `Accept-Encoding`.
    var headers: [HTTPHeader]
    /// Nil for none (a GET), which is not the same as an empty body (a POST of nothing).
    var body: Data?

    package init(url: URL, method: String = "GET", headers: [HTTPHeader] = [], body: Data? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }

    init(_ submission: SubmissionRequest) {
        self.init(
            url: submission.url, method: submission.method.rawValue, headers: submission.headers,
            body: submission.body)
    }

    /// The first header named `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    // MARK: - Redirects

    /// The statuses a redirect is followed on, as URLSession follows them.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 305, 306, 307, 308]

    /// The request `reply` redirects this one to, without credentials when it leaves `origin`'s host or drops
    /// TLS; nil when `reply` is not a redirect or names no address.
    ///
    /// As URLSession does (RFC 7231 §6.4): a 303, and a 301 or 302 of a POST, become a GET without the body;
    /// every other redirect repeats the method and the body. The headers go along, but for the credentials.
    func redirected(by reply: HTTPReply, origin: URL) -> CurlRequest? {
        guard Self.redirectStatuses.contains(reply.status), let location = reply.header("Location"),
            let target = URL(string: location, relativeTo: url)?.absoluteURL, target.host != nil
        else { return nil }
        var next = self
        next.url = target
        if reply.status == 303 || ((reply.status == 301 || reply.status == 302) && method == "POST") {
            next.method = "GET"
            next.body = nil
        }
        return Self.redirect(next, from: origin)
    }

    /// The redirected request, without credentials when it leaves the origin's host or drops TLS.
    static func redirect(_ request: CurlRequest, from origin: URL) -> CurlRequest {
        var request = request
        let sameHost = request.url.host?.lowercased() == origin.host?.lowercased()
        let downgrade = origin.scheme?.lowercased() == "https" && request.url.scheme?.lowercased() != "https"
        if !sameHost || downgrade {
            let credentials: Set<String> = ["authorization", "proxy-authorization", "cookie"]
            request.headers.removeAll { credentials.contains($0.name.lowercased()) }
        }
        return request
    }
}
