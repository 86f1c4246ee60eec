import Foundation

/// A technical log kept in memory, for tests and for callers that want to inspect what would be logged.
public final class MemoryTechnicalLog: TechnicalLogging, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [TechnicalLogEntry] = []

    public init() {}

    public func write(_ entry: TechnicalLogEntry) {
        lock.lock()
        defer { lock.unlock() }
        stored.append(entry)
    }

    /// Every entry written so far, in order.
    public var entries: [TechnicalLogEntry] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// All entries as JSON Lines, as the file log would hold them.
    public var text: String {
        entries.map { $0.jsonLine() + "\n" }.joined()
    }
}
