import Foundation
import VozForm

#if canImport(Glibc)
    import Glibc
#endif

/// A reply about to be written; `serialized()` adds the framing headers every reply carries.
struct HTTPResponse: Sendable, Equatable {
    var status: Int
    var headers: [HTTPHeader]
    var body: Data

    init(status: Int, headers: [HTTPHeader] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The status line, the headers plus `Content-Length` and `Connection: close`, the body.
    func serialized(includeLength: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        if !headers.contains(where: { $0.name.caseInsensitiveCompare("Server") == .orderedSame }) {
            head += "Server: voz-demo\r\n"
        }
        head += "Date: \(Self.httpDate())\r\n"
        for field in headers {
            head += "\(field.name): \(field.value)\r\n"
        }
        if includeLength {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + (includeLength ? Array(body) : [])
    }

    // MARK: - Vocabulary

    /// The reason phrase of RFC 9110 for the statuses the service sends.
    static func reason(for status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Temporarily Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }

    /// IMF-fixdate (RFC 9110 §5.6.7), always in English and GMT.
    static func httpDate(_ date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
