import Foundation
import Synchronization
import VozKit

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for transport tests: one request a connection, answered by a handler
/// that can also hang or hang up, so timeouts, refused and lost connections, and oversized replies are real.
final class LoopbackHTTPServer: Sendable {
    /// One request as it arrived.
    struct Request: Sendable {
        var method: String
        var path: String
        var headers: [HTTPHeader]
        var body: Data

        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// What to do with a request.
    enum Behaviour: Sendable {
        /// Reply; `declareLength: false` omits Content-Length and ends the body by closing the connection.
        case reply(status: Int, headers: [HTTPHeader] = [], body: Data = Data(), declareLength: Bool = true)
        /// Read and never answer, until the client gives up or the server stops.
        case hang
        /// Close the connection without a byte of reply.
        case hangUp
        /// Write these bytes as they are, then close: a reply cut short, mis-chunked or wrongly encoded.
        case raw(Data)
    }

    struct SocketError: Error, CustomStringConvertible {
        var step: String
        var description: String { "\(step) failed: errno \(errno)" }
    }

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Behaviour
    private let received = Mutex<[Request]>([])
    private let open = Mutex<Set<Int32>>([])

    /// Starts listening on a free loopback port.
    init(handler: @escaping @Sendable (Request) -> Behaviour) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(step: "socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw SocketError(step: "bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String = "/", host: String = "127.0.0.1") -> URL {
        literalURL("http://\(host):\(port)\(path)")
    }

    /// Every request received so far, in arrival order.
    var requests: [Request] { received.withLock { $0 } }

    /// Stops listening and drops every open connection. Call it when the test ends: the serving threads keep the
    /// server alive until then.
    func stop() {
        // Shutting down (not closing) wakes the blocked accept; the accept loop closes the socket itself, so a
        // descriptor number is never closed twice.
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in open.withLock({ $0 }) { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    // MARK: - Serving

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            open.withLock { _ = $0.insert(client) }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            open.withLock { _ = $0.remove(fd) }
            close(fd)
        }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(fd) else { return }
        received.withLock { $0.append(request) }
        switch handler(request) {
        case .hangUp:
            return
        case .raw(let bytes):
            write(fd, bytes)
        case .hang:
            var buffer = [UInt8](repeating: 0, count: 1024)
            while read(fd, &buffer, buffer.count) > 0 {}
        case .reply(let status, let headers, let body, let declareLength):
            var head = "HTTP/1.1 \(status) Reply\r\nConnection: close\r\n"
            for header in headers { head += "\(header.name): \(header.value)\r\n" }
            if declareLength { head += "Content-Length: \(body.count)\r\n" }
            head += "\r\n"
            write(fd, Data(head.utf8))
            write(fd, body)
        }
    }

    private func write(_ fd: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var sent = 0
            while sent < raw.count {
                // MSG_NOSIGNAL: a client that hangs up mid-reply must not kill the test process with SIGPIPE.
                let count = send(fd, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if count <= 0 { return }
                sent += count
            }
        }
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
            headEnd = LoopbackHTTPServer.find(separator, in: bytes)
        }
        guard let headEnd, let head = String(bytes: bytes[0..<headEnd], encoding: .utf8) else { return nil }
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let headers = lines.compactMap { line -> HTTPHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPHeader(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        var body = Array(bytes[(headEnd + separator.count)...])
        while body.count < length {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            body += buffer[0..<count]
        }
        return Request(
            method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: Data(body))
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
