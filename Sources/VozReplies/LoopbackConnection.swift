import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One TCP exchange with a server on this machine: connect to 127.0.0.1 or ::1, send bytes, read until the server
/// closes, a deadline passes or a limit is reached.
///
/// Plain blocking sockets on a thread of their own, for `LoopbackTransport` and for tests that must send exact
/// bytes. Loopback only: nothing here resolves names, speaks TLS or leaves the machine.
package final class LoopbackConnection: Sendable {
    /// How an exchange ended early.
    package enum Failure: Error, Equatable, Sendable {
        case cannotConnect(errno: Int32)
        case timedOut
        case cancelled
        case tooLarge(limit: Int)
    }

    private let descriptor = Mutex<Int32?>(nil)
    private let cancelled = Mutex(false)

    package init() {}

    // MARK: - Exchanging

    /// Sends `bytes` to `host` (`127.0.0.1` or `::1`) on `port` and returns everything the server sent until it
    /// closed. Past `readLimit` bytes or the deadline the exchange fails, unless `lenient`: then what arrived so far
    /// returns (tests judge a reply that never ends on its first bytes).
    package func exchange(
        host: String, port: Int, bytes: [UInt8], timeout: Double, readLimit: Int, lenient: Bool = false
    ) async -> Result<[UInt8], Failure> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Dispatch's pool grows slowly past the number of cores when its threads block.
                Thread {
                    continuation.resume(
                        returning: self.exchangeBlocking(
                            host: host, port: port, bytes: bytes, timeout: timeout, readLimit: readLimit,
                            lenient: lenient))
                }.start()
            }
        } onCancel: {
            cancel()
        }
    }

    /// Stops the exchange at once: the blocked send or read returns and the exchange fails with `cancelled`.
    package func cancel() {
        cancelled.withLock { $0 = true }
        descriptor.withLock { open in
            if let open { shutdown(open, Int32(SHUT_RDWR)) }
        }
    }

    private func exchangeBlocking(
        host: String, port: Int, bytes: [UInt8], timeout: Double, readLimit: Int, lenient: Bool
    ) -> Result<[UInt8], Failure> {
        let socketDescriptor = socket(host.contains(":") ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { return .failure(.cannotConnect(errno: errno)) }
        descriptor.withLock { $0 = socketDescriptor }
        defer {
            descriptor.withLock { $0 = nil }
            close(socketDescriptor)
        }
        if cancelled.withLock({ $0 }) { return .failure(.cancelled) }
        // Every send and read waits at most what is left of the whole exchange.
        let deadline = ContinuousClock.now + .milliseconds(Int(max(timeout, 0.001) * 1_000))
        Self.setTimeout(socketDescriptor, until: deadline)
        guard Self.connect(socketDescriptor, host: host, port: port) == 0 else {
            let code = errno
            if cancelled.withLock({ $0 }) { return .failure(.cancelled) }
            return .failure(code == EINPROGRESS || code == EAGAIN ? .timedOut : .cannotConnect(errno: code))
        }
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                send(socketDescriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            // The server may answer (413) and stop reading before the body is all sent: read what it said.
            if sent <= 0 { break }
            offset += sent
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if cancelled.withLock({ $0 }) { return .failure(.cancelled) }
            guard ContinuousClock.now < deadline else { return lenient ? .success(received) : .failure(.timedOut) }
            Self.setTimeout(socketDescriptor, until: deadline)
            let count = chunk.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return lenient ? .success(received) : .failure(.timedOut)
            }
            if count <= 0 { break }
            received.append(contentsOf: chunk[0..<count])
            if received.count > readLimit {
                return lenient ? .success(Array(received.prefix(readLimit))) : .failure(.tooLarge(limit: readLimit))
            }
        }
        if cancelled.withLock({ $0 }) { return .failure(.cancelled) }
        return .success(received)
    }

    // MARK: - Sockets

    private static func setTimeout(_ descriptor: Int32, until deadline: ContinuousClock.Instant) {
        let left = max(
            0.001,
            Double((deadline - ContinuousClock.now).components.seconds)
                + Double((deadline - ContinuousClock.now).components.attoseconds) / 1e18)
        var interval = timeval(tv_sec: Int(left), tv_usec: Int((left - Double(Int(left))) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func connect(_ descriptor: Int32, host: String, port: Int) -> Int32 {
        if host.contains(":") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(clamping: port).bigEndian)
            address.sin6_addr = in6addr_loopback
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7f00_0001).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }
}
