import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A deliberately dumb HTTP client over a blocking socket: it sends exactly the bytes it is given, which is what
/// malformed-request tests need, and reads until the server closes.
enum RawHTTPClient {
    /// Sends `bytes` to 127.0.0.1:`port` and reads the whole reply (until close or `timeout`).
    /// Returns nil when the connection closed with no bytes at all (a dropped request).
    static func exchange(
        port: Int, bytes: [UInt8], host: String = "127.0.0.1", timeout: Double = 5, readLimit: Int = 16 * 1024 * 1024
    ) async -> RawReply? {
        await onThread {
            exchangeBlocking(port: port, bytes: bytes, host: host, timeout: timeout, readLimit: readLimit).flatMap(
                parse)
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

    // MARK: - Sockets

    /// Runs blocking socket work on a thread of its own: Dispatch's global pool grows only slowly past the number of
    /// cores when its threads block, which would make parallel tests wait on each other.
    private static func onThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    private static func exchangeBlocking(
        port: Int, bytes: [UInt8], host: String, timeout: Double, readLimit: Int
    ) -> [UInt8]? {
        let isIPv6 = host.contains(":")
        let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var interval = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            address.sin6_addr = in6addr_loopback
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr = in_addr(s_addr: in_addr_t(0x7f00_0001).bigEndian)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else { return nil }
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { break }  // the server may answer (413) and stop reading before the body is sent
            offset += sent
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        // An overall deadline too: a body that drips a byte at a time never lets one recv time out.
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1_000))
        while received.count < readLimit, ContinuousClock.now < deadline {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received.append(contentsOf: chunk[0..<count])
        }
        return received
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
