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

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
