import VozAudit
import VozTerminal

/// Runs of box drawing, blocks or repeated punctuation are read glyph by glyph ("box drawings light horizontal,
/// box drawings light horizontal…").
package struct DecorativeGlyphRunRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "decorative-glyph-run", name: "DecorativeGlyphRun", criterion: .nonTextContent, severity: .moderate,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var rows: Set<Int> = []
        var lines: Set<Int> = []
        var findings: [Finding] = []
        var checked: Set<Int> = []
        for event in timeline.events where event.kind == .appeared || event.kind == .rewritten {
            guard !rows.contains(event.row ?? -1), checked.insert(ScreenText.shapeKey(event.text)).inserted else {
                continue
            }
            let run = ScreenText.longestDecorativeRun(event.text)
            // Short ASCII runs count when they frame a title on both sides ("=== Main menu ===").
            guard run.length >= (run.ascii ? 8 : 3) || Self.framesTitle(event.text) else { continue }
            // One finding a row: a redrawn bar is one problem, not one a frame.
            // and a box drawn in one go is one problem, not one a row.
            guard rows.insert(event.row ?? -1).inserted, lines.insert(event.place.line).inserted, findings.count < 5
            else { continue }
            findings.append(
                info.finding(
                    in: timeline, at: event.place, row: event.row,
                    arguments: ["glyphs": String(run.glyphs.prefix(12)), "count": String(run.length)],
                    severity: run.ascii ? .minor : nil))
        }
        return .checked(findings)
    }

    /// Whether a row is words between two runs of one ASCII mark, three or more each: a banner read as noise.
    static func framesTitle(_ text: String) -> Bool {
        let trimmed = text.trimmingBlanks
        guard let mark = trimmed.first, "=*#~_-".contains(mark), trimmed.last == mark else { return false }
        let opening = trimmed.prefix { $0 == mark }.count
        let closing = trimmed.reversed().prefix { $0 == mark }.count
        guard opening >= 3, closing >= 3, opening + closing < trimmed.count else { return false }
        return ScreenText.hasWords(String(trimmed.dropFirst(opening).dropLast(closing)))
    }
}
