/// Why a request was refused before it reached the API; each maps to one status and one explanation.
enum HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedRequestLine
    case targetTooLong
    case unsupportedVersion(String)
    case malformedHeader
    case headersTooLarge
    case tooManyHeaders
    case missingHost
    case missingContentLength
    case invalidContentLength
    case transferEncodingNotSupported
    case bodyTooLarge(limit: Int)
    case bodyShorterThanContentLength
    case bodyLongerThanContentLength
    case incompleteHead

    /// The status the service answers with.
    var status: Int {
        switch self {
        case .targetTooLong: return 414
        case .unsupportedVersion: return 505
        case .headersTooLarge, .tooManyHeaders: return 431
        case .transferEncodingNotSupported: return 411
        case .bodyTooLarge: return 413
        default: return 400
        }
    }

    /// The problem's `detail`, in English: these are protocol errors seen by developers, not by form users.
    var description: String {
        switch self {
        case .malformedRequestLine: return "The request line is not METHOD SP /path SP HTTP/1.1."
        case .targetTooLong: return "The request target is longer than the service accepts."
        case .unsupportedVersion(let version): return "The HTTP version \(version) is not supported; use HTTP/1.1."
        case .malformedHeader: return "A header line is malformed."
        case .headersTooLarge: return "The request headers are larger than the service accepts."
        case .tooManyHeaders: return "The request has more headers than the service accepts."
        case .missingHost: return "An HTTP/1.1 request needs a Host header."
        case .missingContentLength: return "A request with a body needs a Content-Length header."
        case .invalidContentLength: return "The Content-Length header is not a single whole number."
        case .transferEncodingNotSupported:
            return "Transfer-Encoding is not supported; send the body with a Content-Length header."
        case .bodyTooLarge(let limit): return "The body is larger than \(limit) bytes."
        case .bodyShorterThanContentLength: return "The body ended before the length Content-Length announced."
        case .bodyLongerThanContentLength: return "The body is longer than Content-Length announced."
        case .incompleteHead: return "The request ended before its headers did."
        }
    }
}
