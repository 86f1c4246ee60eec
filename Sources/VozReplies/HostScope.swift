import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How far away a host is: this machine, a private network, or the internet.
///
/// A description read from the network decides where the answers go; one that sends them to a service of this
/// machine or of the local network (a container engine, a router, a cloud's metadata address) reaches what the
/// person never meant to reach. The scope is judged on the host as written: a literal address in any of the forms
/// libcurl reads (`127.1`, `0x7f000001`, `::ffff:127.0.0.1`), or a name that always means this machine
/// (`localhost`, `*.localhost`). Other names are the internet's: what they resolve to is not looked up here.
public enum HostScope: Sendable, Equatable {
    /// This machine: `localhost`, 127.0.0.0/8, ::1, and 0.0.0.0 or ::, which reach this machine too.
    case thisMachine
    /// A private or link-local network: 10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10.
    case privateNetwork
    /// Anything else.
    case internet

    /// The scope of `host`, as a URL writes it (brackets around an IPv6 address are allowed).
    public init(host: String) {
        var bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare.hasSuffix(".") { bare.removeLast() }
        if bare == "localhost" || bare.hasSuffix(".localhost") {
            self = .thisMachine
        } else if let address = Self.ipv4(bare) {
            self = Self.scope(ipv4: address)
        } else if let bytes = Self.ipv6(bare) {
            self = Self.scope(ipv6: bytes)
        } else {
            self = .internet
        }
    }

    /// The scope of `host`, or of the nearest address its name resolves to now (`localtest.me` is this machine).
    /// A name that does not resolve is judged as written. What it resolves to at the send may differ (a rebinding
    /// name server); this only catches a name that plainly means this machine or the local network.
    public static func resolving(_ host: String) -> HostScope {
        let written = HostScope(host: host)
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard written == .internet, ipv4(bare.lowercased()) == nil, ipv6(bare.lowercased()) == nil else {
            return written
        }
        let scopes = (addresses(of: bare) ?? []).map { HostScope(host: $0) }
        return scopes.min { $0.rank < $1.rank }.map { $0.rank < written.rank ? $0 : written } ?? written
    }

    /// The addresses `host` resolves to now, as numbers (`127.0.0.1`, `::1`), once each in the resolver's order;
    /// nil when it does not resolve.
    public static func addresses(of host: String) -> [String]? {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(bare, nil, &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry?.pointee {
            if let address = numeric(current), !addresses.contains(address) { addresses.append(address) }
            entry = current.ai_next
        }
        return addresses.isEmpty ? nil : addresses
    }

    /// Whether answers sent there stay on this machine or its network.
    public var isLocal: Bool { self != .internet }

    /// `host` as a person hears it: a literal address in its usual form (`127.0.0.1` for `0x7f.1`), else the name
    /// as written, without brackets.
    public static func spoken(_ host: String) -> String {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if let address = ipv4(bare.lowercased()) {
            return (0..<4).map { String((address >> (24 - 8 * $0)) & 0xff) }.joined(separator: ".")
        }
        if var bytes = ipv6(bare.lowercased()) {
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if inet_ntop(AF_INET6, &bytes, &text, socklen_t(text.count)) != nil {
                return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return bare
    }

    // MARK: - Addresses

    /// An IPv4 address in any form `inet_aton` reads (dotted, shortened, octal, hexadecimal, one number), as
    /// libcurl and the resolver read it.
    static func ipv4(_ text: String) -> UInt32? {
        guard !text.isEmpty, text.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "x" }) else { return nil }
        var address = in_addr()
        guard inet_aton(text, &address) != 0 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }

    /// The sixteen bytes of an IPv6 address (a zone such as `%eth0` left out).
    static func ipv6(_ text: String) -> [UInt8]? {
        let address = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        guard address.contains(":") else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return nil }
        return bytes
    }

    /// One address `getaddrinfo` gave, as a number.
    private static func numeric(_ entry: addrinfo) -> String? {
        guard let address = entry.ai_addr else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var ipv4 = UnsafeRawPointer(address).assumingMemoryBound(to: sockaddr_in.self).pointee.sin_addr
            guard inet_ntop(AF_INET, &ipv4, &text, socklen_t(text.count)) != nil else { return nil }
        case AF_INET6:
            var ipv6 = UnsafeRawPointer(address).assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_addr
            guard inet_ntop(AF_INET6, &ipv6, &text, socklen_t(text.count)) != nil else { return nil }
        default:
            return nil
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Nearer is smaller: this machine, then a private network, then the internet.
    var rank: Int {
        switch self {
        case .thisMachine: return 0
        case .privateNetwork: return 1
        case .internet: return 2
        }
    }

    private static func scope(ipv4 address: UInt32) -> HostScope {
        let first = address >> 24
        let second = (address >> 16) & 0xff
        if first == 127 || first == 0 { return .thisMachine }
        if first == 10 || (first == 172 && (16...31).contains(second)) || (first == 192 && second == 168)
            || (first == 169 && second == 254)
        {
            return .privateNetwork
        }
        return .internet
    }

    private static func scope(ipv6 bytes: [UInt8]) -> HostScope {
        // `::` and `::1`.
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] <= 1 { return .thisMachine }
        // An IPv4 address mapped (`::ffff:a.b.c.d`) or compatible (`::a.b.c.d`) is that address.
        let mapped = bytes[10..<12].allSatisfy { $0 == 0xff } || bytes[10..<12].allSatisfy { $0 == 0 }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && mapped {
            let tail = bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return scope(ipv4: tail)
        }
        if bytes[0] & 0xfe == 0xfc || (bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80) { return .privateNetwork }
        return .internet
    }
}
