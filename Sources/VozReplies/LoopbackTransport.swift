import Foundation

/// Sends submissions over plain HTTP/1.1 to a server on this machine, without libcurl.
///
/// `voz demo` talks to its own embedded service on 127.0.0.1: going through libcurl there would open it and
/// initialise OpenSSL for a request that never leaves the process, about a tenth of the session's memory
/// (README, Performance). Anything that is not `http://` to a loopback address is refused with `cannotConnect`;
/// every other form goes through `CurlTransport`.
public struct LoopbackTransport: Transport {
    /// The connection's own deadline ends the exchange at the request's timeout.
    public var keepsItsTimeout: Bool { true }

    /// The largest reply read, head and body, in bytes.
    public var replyLimit: Int

    /// A transport that reads replies of up to `replyLimit` bytes, head and body.
    public init(replyLimit: Int = CurlTransport.defaultReplyLimit) {
        self.replyLimit = replyLimit
    }

    /// Sends `request` over one connection to 127.0.0.1 or ::1 and returns the reply as it arrived.
    public func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
        let host = (request.url.host ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard request.url.scheme?.lowercased() == "http", host == "127.0.0.1" || host == "::1" else {
            throw .cannotConnect(detail: "the loopback transport only reaches http://127.0.0.1 and http://[::1]")
        }
        let port = request.url.port ?? 80
        let exchange = await LoopbackConnection().exchange(
            host: host, port: port, bytes: Self.requestBytes(request), timeout: request.timeoutSeconds,
            readLimit: replyLimit + 64 * 1024)
        switch exchange {
        case .success(let bytes):
            switch HTTPReplyParser.parse(bytes) {
            case .success(let reply):
                guard reply.body.count <= replyLimit else { throw .replyTooLarge(limit: replyLimit) }
                return reply
            case .failure(.truncatedBody):
                // A success's whole head is the outcome of the send, whatever became of its body.
                guard case .success(var head) = HTTPReplyParser.head(bytes), (200..<300).contains(head.reply.status)
                else { throw .connectionLost(detail: "loopback reply: \(HTTPReplyParser.Failure.truncatedBody)") }
                head.reply.bodyFault = "loopback reply: the body was cut short"
                return head.reply
            case .failure(let failure):
                throw .connectionLost(detail: "loopback reply: \(failure)")
            }
        case .failure(.tooLarge):
            throw .replyTooLarge(limit: replyLimit)
        case .failure(.timedOut):
            throw .timedOut
        case .failure(.cancelled):
            throw .cancelled
        case .failure(.cannotConnect(let code)):
            throw .cannotConnect(detail: "connect to \(host):\(port): \(String(cString: strerror(code)))")
        }
    }

    /// The request as sent: the form's headers in order, then the framing this transport owns.
    static func requestBytes(_ request: SubmissionRequest) -> [UInt8] {
        var target = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query { target += "?" + query }
        let authority = request.url.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"
        var head = "\(request.method.rawValue) \(target) HTTP/1.1\r\nHost: \(authority)"
        if let port = request.url.port { head += ":\(port)" }
        head += "\r\n"
        let owned: Set<String> = ["host", "content-length", "connection", "transfer-encoding"]
        for header in request.headers where !owned.contains(header.name.lowercased()) {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "Content-Length: \(request.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + Array(request.body)
    }
}
