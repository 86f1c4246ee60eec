import Foundation
import VozForm

/// The error pages nginx sends as a proxy, byte for byte (ngx_http_special_response.c: CRLF line ends, the
/// `<hr><center>nginx</center>` tail), so clients meet the HTML a real gateway produces.
enum NginxPage {
    /// 503 with `Retry-After`, as `limit_req` or a maintenance `return 503` sends it.
    static func serviceUnavailable(retryAfterSeconds: Int = 1) -> HTTPResponse {
        page(
            status: 503, title: "503 Service Temporarily Unavailable",
            extra: [
                HTTPHeader(name: "Retry-After", value: String(retryAfterSeconds))
            ])
    }

    /// 502, as nginx sends it when the upstream is down.
    static func badGateway() -> HTTPResponse {
        page(status: 502, title: "502 Bad Gateway", extra: [])
    }

    static func body(title: String) -> String {
        "<html>\r\n<head><title>\(title)</title></head>\r\n<body>\r\n<center><h1>\(title)</h1></center>\r\n"
            + "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
    }

    private static func page(status: Int, title: String, extra: [HTTPHeader]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [HTTPHeader(name: "Server", value: "nginx"), HTTPHeader(name: "Content-Type", value: "text/html")]
                + extra,
            body: Data(body(title: title).utf8))
    }
}
