/// One line of the results: a figure, Voz's value beside its alternative's, their ratio, and the goal's verdict.
struct BenchRow {
    /// Whether the goal was met.
    enum Verdict {
        case met
        case missed
        /// The figure is reported for comparison; the issue sets no goal for it.
        case noGoal
        /// The figure could not be measured on this machine; the reason is printed.
        case skipped(String)

        var text: String {
            switch self {
            case .met: return "met"
            case .missed: return "**not met**"
            case .noGoal: return "—"
            case .skipped(let reason): return "skipped (\(reason))"
            }
        }
    }

    var figure: String
    var voz: String
    var alternative: String
    var ratio: String
    var goal: String
    var verdict: Verdict

    init(
        _ figure: String, voz: String, alternative: String = "—", ratio: String = "—", goal: String = "—",
        verdict: Verdict = .noGoal
    ) {
        self.figure = figure
        self.voz = voz
        self.alternative = alternative
        self.ratio = ratio
        self.goal = goal
        self.verdict = verdict
    }

    /// A row for a figure that could not be measured.
    static func skipped(_ figure: String, goal: String = "—", reason: String) -> BenchRow {
        BenchRow(figure, voz: "—", goal: goal, verdict: .skipped(reason))
    }

    /// The verdict for a set of conditions, each of which must hold.
    static func verdict(_ conditions: Bool...) -> Verdict {
        conditions.allSatisfy { $0 } ? .met : .missed
    }
}

/// The results as one Markdown table, so the same text reads in a terminal and in the README.
enum BenchTable {
    static let header = ["Figure", "Voz", "Alternative", "Ratio (alt ÷ Voz)", "Goal", "Met"]

    static func render(_ rows: [BenchRow]) -> String {
        let cells = [header] + rows.map { [$0.figure, $0.voz, $0.alternative, $0.ratio, $0.goal, $0.verdict.text] }
        var widths = [Int](repeating: 3, count: header.count)
        for row in cells {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func line(_ row: [String]) -> String {
            let padded = row.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(cells[0]), rule] + cells.dropFirst().map(line)).joined(separator: "\n")
    }
}
