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
        var header: ScreenEvent?
        for event in timeline.events where event.kind == .appeared || event.kind == .rewritten {
            let above = header
            if event.kind == .appeared { header = event }
            // The rule under a header of spaced columns is the table's, which table-as-art judges.
            if let above, TableAsArtRule.isUnderline(event.text), TableAsArtRule.spacedCells(above.text) >= 3 {
                continue
            }
            guard !rows.contains(event.row ?? -1), checked.insert(ScreenText.shapeKey(event.text)).inserted else {
                continue
            }
            let run = ScreenText.longestDecorativeRun(event.text)
            // Short ASCII runs count when they frame a title on both sides ("=== Main menu ===").
            guard run.length >= (run.ascii ? 8 : 3) || Self.framesTitle(event.text) else { continue }
            // Marks that mean something are no decoration: a pointer at the code above ("^-----^") and a
            // column of flags ("-----BI-A").
            if run.ascii, Self.isBound(run.length, in: event.text) { continue }
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

    /// Whether every ASCII run of `length` marks in `text` touches a caret or a flag (one or two letters or digits).
    static func isBound(_ length: Int, in text: String) -> Bool {
        let characters = Array(text)
        var start = 0
        var bound = false
        while start < characters.count {
            var end = start
            while end + 1 < characters.count, characters[end + 1] == characters[start] { end += 1 }
            if end - start + 1 == length, "-=*_#~+.|".contains(characters[start]) {
                // A flag or a caret, not a word: "procs ----memory----" frames its words, which is decoration.
                let touches = { (index: Int) -> Bool in
                    guard characters.indices.contains(index) else { return false }
                    if characters[index] == "^" { return true }
                    let isWordy = { (character: Character) in character.isLetter || character.isNumber }
                    guard isWordy(characters[index]) else { return false }
                    let step = index < start ? -1 : 1
                    var length = 0
                    var cursor = index
                    while characters.indices.contains(cursor), isWordy(characters[cursor]) {
                        length += 1
                        cursor += step
                    }
                    return length <= 2
                }
                guard touches(start - 1) || touches(end + 1) else { return false }
                bound = true
            }
            start = end + 1
        }
        return bound
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
