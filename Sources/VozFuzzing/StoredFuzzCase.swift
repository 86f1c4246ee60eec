import Foundation

/// A fuzz case saved as the fuzzer stores it (sorted-key JSON), and read back for a replay.
public protocol StoredFuzzCase: Codable {}

extension StoredFuzzCase {
    /// The case as the fuzzer stores it.
    public var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The case `data` holds, or nil when it holds none (a saved input is replayed as it was made).
    public init?(_ data: Data) {
        guard let decoded = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
        self = decoded
    }
}
