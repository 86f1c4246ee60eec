import VozSupport
import VozTestSupport

/// Repeated measurements of one quantity, in seconds (or any unit), with the order statistics the table shows.
struct Samples {
    private(set) var values: [Double] = []

    init(_ values: [Double] = []) {
        self.values = values
    }

    mutating func add(_ value: Double) {
        values.append(value)
    }

    mutating func add(_ duration: Duration) {
        values.append(duration.seconds)
    }

    /// `body` timed `runs` times after one warm-up run, which pays for page faults the others do not.
    static func timed(_ runs: Int, _ body: () throws -> Void) rethrows -> Samples {
        var samples = Samples()
        try body()
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            samples.add(ContinuousClock.now - start)
        }
        return samples
    }

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    /// The value below which `fraction` of the samples lie (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var median: Double { percentile(0.5) }
    var p95: Double { percentile(0.95) }
    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }
    var mean: Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }
}

extension Samples {
    /// The times a Python script prints on one line, space-separated in seconds: the alternative timed inside
    /// Python, so its start-up is not counted against it.
    static func printed(byPython script: String, _ arguments: [String], environment: [String: String]) throws -> Samples
    {
        let child = try ChildProcess("/usr/bin/python3", ["-c", script] + arguments, environment: environment)
        let values = child.readText().split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard child.wait() == .exited(0), !values.isEmpty else { throw BenchError.failed("python3 failed") }
        return Samples(values)
    }
}
