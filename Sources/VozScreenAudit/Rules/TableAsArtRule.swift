import VozAudit
import VozTerminal

/// A table drawn with bars and rules reads as a stream of cells, "vertical line"s and "equals equals…", with no
/// headers. A box drawn around a menu or a message is a frame, not a table.
package struct TableAsArtRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "table-as-art", name: "TableAsArt", criterion: .infoAndRelationships, severity: .moderate,
        scope: .recording)

    package init() {}

    private static let bars: Set<Character> = ["│", "┃", "║", "|", "┆", "┊"]

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var streak: [ScreenEvent] = []
        var columns: [Int] = []
        var previous: ScreenEvent?
        for event in timeline.events where event.kind == .appeared {
            defer { previous = event }
            // A header ruled off from its rows (dpkg -l: "+++-=====-====="): words above the rule, columns below.
            // At the bottom row the header scrolled up before the rule was written there; a listing longer than
            // the screen scrolls both off the top in the same output, one after the other.
            if let header = previous, Self.isRule(event.text), ScreenText.hasWords(header.text),
                let row = event.row,
                header.row == row - 1 || (header.row == row && row == timeline.height - 1)
                    || (header.row == row && row == 0 && header.place == event.place)
            {
                return .checked([
                    info.finding(in: timeline, at: header.place, row: header.row, arguments: ["rows": "2"])
                ])
            }
            let found = Self.barColumns(event.text)
            if !found.isEmpty, found == columns || streak.isEmpty {
                streak.append(event)
                columns = found
                if streak.count >= 3 {
                    return .checked([
                        info.finding(in: timeline, at: streak[0].place, row: streak[0].row, arguments: ["rows": "3"])
                    ])
                }
            } else {
                streak = found.isEmpty ? [] : [event]
                columns = found
            }
        }
        return .checked([])
    }

    /// The columns of the bars that divide cells: each with text on both sides before the next bar. The bars of a
    /// frame (at the row's edges, or with only blanks between them and the frame) divide nothing.
    static func barColumns(_ text: String) -> [Int] {
        // `|` is ASCII and the other bars start with the byte 0xE2: a row with neither has no bar, and is not
        // split into characters (a replay has a row an output event).
        guard text.utf8.contains(where: { $0 == 0x7C || $0 == 0xE2 }) else { return [] }
        let characters = Array(text)
        let positions = characters.indices.filter { bars.contains(characters[$0]) }
        guard positions.count >= 2 else { return [] }
        func hasText(_ range: Range<Int>) -> Bool {
            characters[range].contains { $0 != " " && !bars.contains($0) && !ScreenText.isDrawing($0) }
        }
        var inner: [Int] = []
        for (index, position) in positions.enumerated() {
            let before = index > 0 ? positions[index - 1] + 1 : 0
            let after = index + 1 < positions.count ? positions[index + 1] : characters.count
            if hasText(before..<position), hasText((position + 1)..<after) { inner.append(position) }
        }
        return inner
    }

    /// Whether a row is a rule between a header and its rows: two or more runs of `-`, `=` or `─`, with only
    /// `+`, `-`, `┼` or blanks between them.
    static func isRule(_ text: String) -> Bool {
        let trimmed = text.trimmingBlanks
        guard trimmed.count >= 6, trimmed.allSatisfy({ "-=+─━═┼|".contains($0) || $0 == " " }) else { return false }
        let runs = trimmed.split { $0 == " " || $0 == "+" || $0 == "┼" || $0 == "|" }
        let segments = runs.flatMap { $0.split(separator: "-", omittingEmptySubsequences: true) }
        // dpkg joins its segments with "-": "=====-=====" is two runs of "=".
        let ruled = trimmed.contains("=") || trimmed.contains("─") || trimmed.contains("━") || trimmed.contains("═")
        return ruled ? segments.filter { $0.count >= 3 }.count >= 2 : runs.filter { $0.count >= 3 }.count >= 2
    }
}
