import Foundation
import VozKit

/// A deliberately dumb HTTP client over a blocking socket: it sends exactly the bytes it is given, which is what
/// malformed-request tests need, and reads until the server closes.
enum RawHTTPClient {
    /// Sends `bytes` to 127.0.0.1:`port` and reads the whole reply (until close or `timeout`).
    /// Returns nil when the connection closed with no bytes at all (a dropped request).
    static func exchange(
        port: Int, bytes: [UInt8], host: String = "127.0.0.1", timeout: Double = 5, readLimit: Int = 16 * 1024 * 1024
    ) async -> RawReply? {
        // What arrived before a timeout still counts: a reply that drips forever is judged on its first bytes.
        let connection = LoopbackConnection()
        switch await connection.exchange(
            host: host, port: port, bytes: bytes, timeout: timeout, readLimit: readLimit, lenient: true)
        {
        case .success(let received): return parse(received)
        case .failure: return nil
        }
    }

    /// A well-formed request with `Content-Length` computed.
    static func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String] = [],
        contentType: String? = "application/json"
    ) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for header in headers { head += header + "\r\n" }
        if let body {
            if let contentType { head += "Content-Type: \(contentType)\r\n" }
            head += "Content-Length: \(body.utf8.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + Array((body ?? "").utf8)
    }

    /// Parses a reply framed by `Content-Length` or by the close.
    static func parse(_ bytes: [UInt8]) -> RawReply? {
        guard !bytes.isEmpty else { return nil }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator })
        else { return RawReply(status: 0, headers: [], body: Data(bytes)) }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head.first?.split(separator: " ") ?? []
        let status = statusParts.count > 1 ? Int(statusParts[1]) ?? 0 : 0
        let headers = head.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                String(line[..<colon]),
                String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            )
        }
        return RawReply(status: status, headers: headers, body: Data(bytes[(end + 4)...]))
    }
}
