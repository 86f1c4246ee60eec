import VozAudit
import VozTerminal

/// A table drawn with bars and rules reads as a stream of cells, "vertical line"s and "equals equals…", with no
/// headers. A box drawn around a menu or a message is a frame, not a table.
package struct TableAsArtRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "table-as-art", name: "TableAsArt", criterion: .infoAndRelationships, severity: .moderate,
        scope: .recording)

    package init() {}

    /// The bars a table is drawn with: `|`, `│`, `┃`, `║`, `┆` and `┊`.
    private static let barScalars: [UInt32] = [0x7C, 0x2502, 0x2503, 0x2551, 0x2506, 0x250A]
    private static let bars = Set(barScalars.compactMap { Unicode.Scalar($0).map(Character.init) })

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var streak: [ScreenEvent] = []
        var columns: [Int] = []
        var previous: ScreenEvent?
        var gutter: (column: Int?, rows: [ScreenEvent]) = (nil, [])
        // Read in place, never copied: a recording cut at its output limit holds hundreds of thousands of rows.
        let events = timeline.events
        for index in events.indices where events[index].kind == .appeared {
            let event = events[index]
            defer { previous = event }
            // One rule under a header of spaced columns, and a row of the same columns after it
            // (update-alternatives: "Selection    Path    Priority   Status", dashes, "* 0   /usr/bin/vim   30").
            if let header = previous, Self.isUnderline(event.text),
                let below = events[(index + 1)...].first(where: { $0.kind == .appeared }),
                Self.spacedCells(header.text) >= 3, Self.spacedCells(below.text) >= 3,
                let row = event.row, header.row == row - 1 || header.row == row
            {
                return .checked([
                    info.finding(in: timeline, at: header.place, row: header.row, arguments: ["rows": "2"])
                ])
            }
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
            // A compiler's excerpt: line numbers and code in two columns divided by a bar ("    4 |  printf(",
            // "      |  ^"), the same column row after row.
            if let column = Self.gutterBar(event.text), column == gutter.column {
                gutter.rows.append(event)
            } else {
                gutter = (Self.gutterBar(event.text), Self.gutterBar(event.text) == nil ? [] : [event])
            }
            if gutter.rows.count >= 3, gutter.rows.contains(where: { Self.isNumbered($0.text) }) {
                return .checked([
                    info.finding(
                        in: timeline, at: gutter.rows[0].place, row: gutter.rows[0].row, arguments: ["rows": "3"])
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
        // A progress bar's `|` edges ask this of every row it is drawn on: rows of ASCII and drawing glyphs are
        // read as scalars, each a Character of its own.
        if let scalars = drawnScalars(text) { return barColumns(scalars) }
        return barColumnsInCharacters(text)
    }

    /// `barColumns` by `Character`: the whole of it before its path for rows of ASCII and drawing glyphs.
    static func barColumnsInCharacters(_ text: String) -> [Int] {
        innerBars(Array(text), isBar: { bars.contains($0) }, isBlank: { $0 == " " }, isDrawing: ScreenText.isDrawing)
    }

    /// `barColumns` of a row given as its scalars, each one Character.
    private static func barColumns(_ scalars: [UInt32]) -> [Int] {
        innerBars(
            scalars,
            isBar: { barScalars.contains($0) },
            isBlank: { $0 == 0x20 }, isDrawing: { ScreenText.isDrawing(scalar: $0) })
    }

    /// The positions of the bars in `items` with text (neither blank, bar nor drawing) on both sides before the
    /// next bar: one walk for a row read as Characters or as scalars.
    private static func innerBars<Item>(
        _ items: [Item], isBar: (Item) -> Bool, isBlank: (Item) -> Bool, isDrawing: (Item) -> Bool
    ) -> [Int] {
        let positions = items.indices.filter { isBar(items[$0]) }
        guard positions.count >= 2 else { return [] }
        func hasText(_ range: Range<Int>) -> Bool {
            items[range].contains { !isBlank($0) && !isBar($0) && !isDrawing($0) }
        }
        var inner: [Int] = []
        for (index, position) in positions.enumerated() {
            let before = index > 0 ? positions[index - 1] + 1 : 0
            let after = index + 1 < positions.count ? positions[index + 1] : items.count
            if hasText(before..<position), hasText((position + 1)..<after) { inner.append(position) }
        }
        return inner
    }

    /// The scalars of a row of ASCII and drawing glyphs (`ScreenRow.drawingGlyphLength`), each a Character of its
    /// own; nil for any other text, or one with a carriage return (which joins a line feed after it).
    static func drawnScalars(_ text: String) -> [UInt32]? {
        var text = text
        return text.withUTF8 { bytes -> [UInt32]? in
            var scalars: [UInt32] = []
            scalars.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    guard byte != 0x0D else { return nil }
                    scalars.append(UInt32(byte))
                    index += 1
                } else if let length = ScreenRow.drawingGlyphLength(bytes, at: index) {
                    scalars.append(
                        (UInt32(byte) & 0x0F) << 12 | (UInt32(bytes[index + 1]) & 0x3F) << 6
                            | UInt32(bytes[index + 2]) & 0x3F)
                    index += length
                } else {
                    return nil
                }
            }
            return scalars
        }
    }

    /// The column of a gutter's bar: the row's one `|`, past its first column, with only a number or blanks
    /// before it and text after it; nil for any other row.
    static func gutterBar(_ text: String) -> Int? {
        let characters = Array(text)
        guard let bar = characters.firstIndex(of: "|"), bar > 0, !characters[(bar + 1)...].contains("|"),
            characters[(bar + 1)...].contains(where: { $0 != " " }),
            characters[..<bar].allSatisfy({ $0 == " " || $0.isNumber })
        else { return nil }
        return bar
    }

    /// Whether a gutter's row carries a line number before its bar.
    static func isNumbered(_ text: String) -> Bool {
        text.prefix { $0 != "|" }.contains(where: \.isNumber)
    }

    /// Whether a row is one run of `-` or `=`, long enough to rule off a header.
    static func isUnderline(_ text: String) -> Bool {
        let trimmed = text.trimmingBlanks
        guard let mark = trimmed.first, mark == "-" || mark == "=" else { return false }
        return trimmed.count >= 12 && trimmed.allSatisfy { $0 == mark }
    }

    /// How many cells a row holds when its columns are set apart by two blanks or more, as aligned tables are.
    static func spacedCells(_ text: String) -> Int {
        var cells = 0
        var blanks = 2
        for character in text {
            if character == " " {
                blanks += 1
            } else {
                if blanks >= 2 { cells += 1 }
                blanks = 0
            }
        }
        return cells
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
