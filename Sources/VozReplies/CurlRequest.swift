import Foundation
import VozForm

/// One HTTP request as libcurl sends it: a submission, a description's download, or the next one of a redirect.
package struct CurlRequest: Sendable, Equatable {
    package var url: URL
    package var method: String
    /// In order; libcurl adds `Host`, `Content-Length` and `Accept-Encoding`.
    package var headers: [HTTPHeader]
    /// Nil for none (a GET), which is not the same as an empty body (a POST of nothing).
    package var body: Data?

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

    /// The request `reply` redirects this one to, without credentials when it leaves `origin`; nil when `reply`
    /// is not a redirect or names no address.
    ///
    /// As URLSession does (RFC 7231 §6.4): a 303, and a 301 or 302 of a POST, become a GET without the body;
    /// every other redirect repeats the method and the body. The headers go along, but for the credentials.
    package func redirected(by reply: HTTPReply, origin: URL) -> CurlRequest? {
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

    /// The redirected request, without credentials unless it stays on the origin: the same scheme, host and port,
    /// as browsers judge it. Another port of the same host is another service, and http is not https. A header
    /// whose value the form takes from the environment (`"$VOZ_API_KEY"`) is a credential whatever its name.
    static func redirect(_ request: CurlRequest, from origin: URL) -> CurlRequest {
        var request = request
        if Origin(request.url) != Origin(origin) {
            request.headers.removeAll {
                $0.environmentVariable != nil || LogRedactor.credentialHeaders.contains($0.name.lowercased())
            }
        }
        return request
    }
}

/// What a browser calls an origin: scheme, host and port, the port written or the scheme's own.
struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int?

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = (url.host ?? "").lowercased()
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}
