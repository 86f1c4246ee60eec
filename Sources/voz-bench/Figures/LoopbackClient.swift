import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The leanest HTTP/1.1 client there is: one connection a request, written and read with plain sockets, so the
/// demo service's throughput is not hidden behind a client's own cost.
struct LoopbackClient: Sendable {
    let port: Int

    /// Sends `POST path` with a JSON `body` and returns the status code, or nil when the exchange failed.
    func post(_ path: String, body: String, headers: [String: String] = [:]) -> Int? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let bodyBytes = Array(body.utf8)
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(bodyBytes.count)\r\nConnection: close\r\n\r\n"
        let request = Array(head.utf8) + bodyBytes
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            sent += count
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                reply += buffer[0..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        // "HTTP/1.1 201 Created": the code is the second word.
        let statusLine = String(decoding: reply.prefix { $0 != 13 }, as: UTF8.self)
        return statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// Sends `count` account creations from `clients` threads at once; returns requests a second and how many
    /// were answered 201.
    func throughput(count: Int, clients: Int, firstEmail: Int) -> (perSecond: Double, created: Int) {
        let created = Mutex(0)
        let group = DispatchGroup()
        let start = ContinuousClock.now
        for client in 0..<clients {
            group.enter()
            Thread.detachNewThread {
                var mine = 0
                for index in stride(from: client, to: count, by: clients) {
                    let body = SubmissionBench.body(email: firstEmail + index)
                    if post("/accounts", body: body, headers: ["Idempotency-Key": UUID().uuidString]) == 201 {
                        mine += 1
                    }
                }
                created.withLock { $0 += mine }
                group.leave()
            }
        }
        group.wait()
        let elapsed = (ContinuousClock.now - start).seconds
        return (Double(count) / elapsed, created.withLock { $0 })
    }
}
