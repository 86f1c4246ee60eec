import Foundation

/// The client-made identifier that lets a server recognise a retry as the request it already has (design §2.2).
///
/// A key lives for one payload: it is made when that payload is first sent, reused by every retry of it, and
/// discarded as soon as a field changes or the server says it was used with other data. It is technical text:
/// it goes into a header, the log and drafts, never into anything the user hears.
public struct IdempotencyKey: Sendable, Hashable, CustomStringConvertible {
    /// The header value, a UUID string unless a generator made something else.
    public let value: String

    /// A key whose header value is `value`, as a draft kept it or a generator made it.
    public init(_ value: String) {
        self.value = value
    }

    /// The longest key read back from a draft; a UUID is 36 characters, and servers bound theirs at 255.
    public static let maxStoredLength = 255

    /// A key read from outside (a draft on disk), or nil when it could not safely go into a header: empty,
    /// longer than `maxStoredLength`, or holding anything but visible ASCII (a line break would add a header, a
    /// NUL would cut it).
    public init?(stored value: String) {
        guard (1...Self.maxStoredLength).contains(value.utf8.count),
            value.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        self.value = value
    }

    /// A new random key.
    public static func random() -> IdempotencyKey {
        IdempotencyKey(UUID().uuidString.lowercased())
    }

    /// The header value.
    public var description: String { value }
}

/// Where new idempotency keys come from; random in use, predictable in tests.
public struct IdempotencyKeyGenerator: Sendable {
    private let make: @Sendable () -> IdempotencyKey

    /// A generator that calls `make` for every new key.
    public init(_ make: @escaping @Sendable () -> IdempotencyKey) {
        self.make = make
    }

    /// Random UUID keys, the only right choice against a real server.
    public static let random = IdempotencyKeyGenerator { IdempotencyKey.random() }

    /// The next key.
    public func next() -> IdempotencyKey {
        make()
    }
}
