import Foundation

/// Many explorations of the session (`SessionExplorer`), seed after seed, until a number of typed lines: what
/// `make fuzz` runs, with the breaks counted by invariant.
public struct ExplorationCampaign: Sendable {
    /// The first seed; each exploration takes the next.
    public let firstSeed: UInt64
    /// Lines to type in all, at least.
    public let lines: Int

    public init(firstSeed: UInt64, lines: Int) {
        self.firstSeed = firstSeed
        self.lines = lines
    }

    /// What the campaign did and found.
    public struct Report: Sendable {
        public var explorations = 0
        public var runs = 0
        public var lines = 0
        public var requests = 0
        public var breaks: [String] = []

        /// The breaks by invariant ("I1", "I2", …).
        public var byInvariant: [String: Int] {
            Dictionary(grouping: breaks) { String($0.prefix { $0 != ":" }) }.mapValues(\.count)
        }
    }

    /// Runs explorations until `lines` lines were typed; says progress and each break through `say`.
    public func run(say: @Sendable (String) -> Void) async -> Report {
        var report = Report()
        var seed = firstSeed
        var nextProgress = 0
        let start = ContinuousClock.now
        while report.lines < lines {
            let found = await SessionExplorer(seed: seed).explore()
            report.explorations += 1
            report.runs += found.runs
            report.lines += found.lines
            report.requests += found.requests
            for line in found.breaks { say(line) }
            report.breaks += found.breaks
            seed &+= 1
            if report.lines >= nextProgress {
                say(
                    "explorer: \(report.lines) lines, \(report.runs) runs, \(report.requests) requests, "
                        + "\(report.breaks.count) breaks, \(ContinuousClock.now - start)")
                nextProgress += 10_000
            }
        }
        let counts = ["I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8"].map { "\($0) \(report.byInvariant[$0] ?? 0)" }
        say(
            "explorer: \(report.explorations) explorations, \(report.runs) runs, \(report.lines) lines, "
                + "\(report.requests) requests; breaks: \(counts.joined(separator: ", ")).")
        return report
    }
}
