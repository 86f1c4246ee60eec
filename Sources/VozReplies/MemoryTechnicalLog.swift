import Foundation
import Synchronization

/// A technical log kept in memory, for tests and for callers that want to inspect what would be logged.
public final class MemoryTechnicalLog: TechnicalLogging, Sendable {
    private let stored = Mutex<[TechnicalLogEntry]>([])

    /// An empty log.
    public init() {}

    /// Keeps `entry` after the others.
    public func write(_ entry: TechnicalLogEntry) {
        stored.withLock { $0.append(entry) }
    }

    /// Every entry written so far, in order.
    public var entries: [TechnicalLogEntry] {
        stored.withLock { $0 }
    }

    /// All entries as JSON Lines, as the file log would hold them.
    public var text: String {
        entries.map { $0.jsonLine() + "\n" }.joined()
    }
}
