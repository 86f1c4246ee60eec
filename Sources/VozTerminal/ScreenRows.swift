import CVozScreen

/// The screen's rows as a screen reader meets them, kept from a `ScreenLog`: what every row held when it was last
/// read, which rows changed and how, what the program switched, what the guard dropped, and where the cursor was at
/// the last input. The reading side of `TerminalEmulator`, on whichever thread reads its log.
struct ScreenRows {
    private(set) var rows: Int
    /// What every row held when it was last read, kept in the emulator's view slots: a scroll of the whole screen
    /// turns the ring of slots instead of moving rows, so an hour of scrolling on a tall screen costs the lines
    /// scrolled, not the screen's height for every line.
    private var store: [ScreenRow]
    /// What rows a move uncovered held, gathered before they are written back.
    private var held: [ScreenRow] = []
    /// Where a row is written as text before its strings are made.
    private var scratch: VirtualTerminal.RowScratch
    /// The emulator's view ring offset as of the last entry that said it.
    private var view = 0
    private var changes: [VirtualTerminal.Change] = []
    private var notes: [VirtualTerminal.Note] = []
    private var cuts: [TerminalGuard.Cut] = []
    private(set) var cursorVisible = true
    /// Whether lines that leave the top and rows that move are kept for `takeScrolls`: a live reader needs them to
    /// follow a row across a scroll; a replay does not, and keeps nothing.
    var keepsScrolls = false
    private var scrolls: [VirtualTerminal.Scroll] = []
    /// Where the cursor was at the last input.
    private(set) var cursor = (row: 0, column: 0)

    init(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        store = Array(repeating: .blank, count: self.rows)
        scratch = VirtualTerminal.RowScratch(columns: max(1, columns))
    }

    // MARK: - Reading the log

    /// Takes in one entry of `log`. The bytes libvterm read are the output scanner's, not the rows'.
    mutating func apply(_ entry: ScreenLog.Entry, of log: ScreenLog) {
        switch entry {
        case .read: break
        case .cut(let cut): cuts.append(cut)
        case .note(let note):
            if case .cursorVisible(let on) = note { cursorVisible = on }
            notes.append(note)
        case .pushed(let cells, let view):
            // A line leaves the top: if it changed since last read, that change is heard now, before it is gone.
            // Every line a scroll pushes is set beside what row 0 held, as the replay always has.
            self.view = view
            let new = row(cells, flip: 0, of: log)
            if keepsScrolls { scrolls.append(.pushed(new)) }
            let slot = slot(0)
            if !new.isSame(as: store[slot]) {
                changes.append(VirtualTerminal.Change(row: 0, old: store[slot], new: new, scrolledOff: true))
            }
        case .moved(let top, let bottom, let downward, let turned, let view):
            self.view = view
            if keepsScrolls { scrolls.append(.moved(top: top, bottom: bottom, downward: downward)) }
            moved(top: top, bottom: bottom, downward: downward, turned: turned)
        case .changed(let row, let cells, let flip, let view):
            self.view = view
            let slot = slot(row)
            let new = self.row(cells, flip: flip, of: log)
            if !new.isSame(as: store[slot]) {
                changes.append(VirtualTerminal.Change(row: row, old: store[slot], new: new, scrolledOff: false))
                store[slot] = new
            }
        case .size(let rows, _, let changed):
            // What the program wrote before is taken first; what the rows hold after follows, taken as read.
            guard changed else { return }
            self.rows = rows
            changes.removeAll(keepingCapacity: true)
            store = Array(repeating: .blank, count: rows)
        case .reread(let row, let cells, let flip, let view):
            self.view = view
            store[slot(row)] = self.row(cells, flip: flip, of: log)
        case .cursor(let row, let column, let view):
            cursor = (row, column)
            self.view = view
        case .started:
            changes.removeAll()
            notes.removeAll()
        case .end(let view): self.view = view
        case .done: break
        }
    }

    /// The rows that changed since the last call, rows that scrolled off first, then top to bottom.
    mutating func takeChanges() -> [VirtualTerminal.Change] {
        var taken: [VirtualTerminal.Change] = []
        swap(&taken, &changes)
        return taken
    }

    /// What the program switched since the last call, in order.
    mutating func takeNotes() -> [VirtualTerminal.Note] {
        // Swapped out, not copied and emptied: emptying an array still shared allocates a new one, every event.
        guard !notes.isEmpty else { return [] }
        var taken: [VirtualTerminal.Note] = []
        swap(&taken, &notes)
        return taken
    }

    /// The lines that left the top and the rows that moved since the last call, in order.
    mutating func takeScrolls() -> [VirtualTerminal.Scroll] {
        guard !scrolls.isEmpty else { return [] }
        var taken: [VirtualTerminal.Scroll] = []
        swap(&taken, &scrolls)
        return taken
    }

    /// What the guard dropped since the last call, in order.
    mutating func takeCuts() -> [TerminalGuard.Cut] {
        guard !cuts.isEmpty else { return [] }
        var taken: [TerminalGuard.Cut] = []
        swap(&taken, &cuts)
        return taken
    }

    /// What every row held when it was last read.
    var snapshot: [ScreenRow] { (0..<rows).map { store[slot($0)] } }

    // MARK: - Rows

    private func slot(_ row: Int) -> Int { (view + row) % rows }

    private mutating func row(_ cells: Range<Int>, flip: UInt8, of log: ScreenLog) -> ScreenRow {
        if cells.count > scratch.columns { scratch = VirtualTerminal.RowScratch(columns: cells.count) }
        return log.cells.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return .blank }
            return scratch.row { text, runs, count in
                voz_cells_text(base + cells.lowerBound, Int32(cells.count), flip, text, runs, count)
            }
        }
    }

    /// Full-width rows [top, bottom) moved up by `downward` (down when negative): what was last read moves with
    /// them, so a scrolled line is not mistaken for a rewritten one. A row the move uncovers is blank (the screen
    /// erased it): a line later written there is new, not a rewrite of the one that moved. A row between the
    /// region's two parts, when it moved more than half its height, keeps what it held. A scroll of the whole
    /// screen turned the slots already, so it costs the rows uncovered; part of it costs the rows moved.
    private mutating func moved(top: Int, bottom: Int, downward: Int, turned: Bool) {
        let height = bottom - top
        let distance = abs(downward)
        let count = height - distance
        guard count > 0 else { return }
        // Rows that received a moved row, and the rows the move uncovered (source rows that received none).
        let destination = downward > 0 ? top..<(top + count) : (top + distance)..<bottom
        let uncovered =
            downward > 0 ? max(top + distance, top + count)..<bottom : top..<min(top + distance, top + count)
        if turned {
            // The ring turned by the whole move: every row outside the rows that received one now shows another
            // row's slot. Those rows are the `distance` rows the screen erased: each gets blank, or what it held.
            let erased = downward > 0 ? (bottom - distance)..<bottom : top..<(top + distance)
            held.removeAll(keepingCapacity: true)
            for row in erased {
                if uncovered.contains(row) || destination.contains(row) {
                    held.append(.blank)
                } else {
                    // Before the turn this row was in the slot the row `downward` away (around the ring) has now.
                    held.append(store[slot((row - downward + 2 * rows) % rows)])
                }
            }
            for (index, row) in erased.enumerated() { store[slot(row)] = held[index] }
        } else {
            let from = destination.lowerBound + downward
            for step in 0..<count {
                let offset = downward > 0 ? step : count - 1 - step
                store[slot(destination.lowerBound + offset)] = store[slot(from + offset)]
            }
            for row in uncovered { store[slot(row)] = .blank }
        }
    }
}
