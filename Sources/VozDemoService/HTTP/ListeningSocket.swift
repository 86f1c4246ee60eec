import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A non-blocking TCP socket listening on a loopback address.
struct ListeningSocket: Sendable {
    /// The addresses the service may bind; anything else is refused before a socket is made.
    static let loopbackHosts = ["127.0.0.1", "::1"]

    let descriptor: Int32
    /// The port actually bound (the kernel's choice when asked for 0).
    let port: Int

    /// Binds `host`:`port` and listens; `host` must be 127.0.0.1 or ::1.
    init(host: String, port: Int, backlog: Int32 = 128) throws(DemoServiceError) {
        guard Self.loopbackHosts.contains(host) else { throw .hostNotLoopback(host) }
        guard (0...65_535).contains(port) else { throw .invalidPort(port) }
        let isIPv6 = host.contains(":")
        let family = isIPv6 ? AF_INET6 : AF_INET
        let descriptor = socket(
            family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .systemCall(name: "socket", code: errno) }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if isIPv6 {
            _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            address.sin6_addr = in6addr_loopback
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr = in_addr(s_addr: in_addr_t(0x7f00_0001).bigEndian)
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard bound == 0 else {
            let code = errno
            _ = Glibc.close(descriptor)
            throw .cannotBind(host: host, port: port, code: code)
        }
        guard listen(descriptor, backlog) == 0 else {
            let code = errno
            _ = Glibc.close(descriptor)
            throw .systemCall(name: "listen", code: code)
        }
        self.descriptor = descriptor
        self.port = Self.boundPort(descriptor, isIPv6: isIPv6) ?? port
    }

    /// Accepts one waiting connection as a non-blocking socket; nil when none is waiting or accept failed in a
    /// way that only affects that one connection.
    func accept() -> Int32? {
        while true {
            let client = Glibc.accept(descriptor, nil, nil)
            if client >= 0 {
                // Glibc's Swift module hides accept4, so the flags are set afterwards.
                Self.makeNonBlocking(client)
                return client
            }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Marks a descriptor non-blocking and close-on-exec.
    static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
    }

    func close() {
        _ = Glibc.close(descriptor)
    }

    private static func boundPort(_ descriptor: Int32, isIPv6: Bool) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return nil }
        return withUnsafePointer(to: &storage) { pointer in
            if isIPv6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }
}
