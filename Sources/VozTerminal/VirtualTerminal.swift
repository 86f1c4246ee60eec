import CVozScreen

/// A terminal emulator (libvterm) that output is replayed through, reporting which rows changed and what the
/// program switched (cursor, alternate screen, reverse screen, bell) as it went.
///
/// Not thread-safe and not `Sendable`: one replay owns one terminal.
final class VirtualTerminal {
    /// Something the program did to the terminal besides writing cells.
    enum Note: Sendable, Equatable {
        case cursorVisible(Bool)
        case cursorBlink(Bool)
        case alternateScreen(Bool)
        case reverseScreen(Bool)
        case bell
    }

    /// A row whose cells changed: what it held before and holds now.
    struct Change {
        var row: Int
        var old: ScreenRow
        var new: ScreenRow
        /// True when the row left the top of the screen into the scrollback while this output was fed.
        var scrolledOff: Bool
    }

    private(set) var rows: Int
    private(set) var columns: Int
    /// Set once in init: the screen's callbacks need the terminal's own address.
    private var screen: OpaquePointer?
    /// Where a row is written as text before its strings are made.
    private var scratch: RowScratch

    /// What every row held when it was last read, kept in the screen's view slots: a scroll of the whole screen
    /// turns the ring of slots instead of moving rows, so an hour of scrolling on a tall screen costs the lines
    /// scrolled, not the screen's height for every line.
    private var store: [ScreenRow]
    /// Cells of a line leaving the top, reused from one line to the next.
    private var pushed: [VozCell] = []
    /// What rows a move uncovered held, gathered before they are written back.
    private var held: [ScreenRow] = []
    /// While resizing, what the screen reports is not heard: the rows are all read again after it.
    private var resizing = false
    private var changes: [Change] = []
    private var notes: [Note] = []
    private(set) var cursorVisible = true
    private var filter = TerminalGuard()
    private var cuts: [TerminalGuard.Cut] = []

    init(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        scratch = RowScratch(columns: self.columns)
        store = Array(repeating: .blank, count: self.rows)
        var callbacks = Self.callbacks
        screen = vozscreen_new(
            Int32(self.rows), Int32(self.columns), &callbacks, Unmanaged.passUnretained(self).toOpaque())
        _ = takeChanges()
        notes.removeAll()
    }

    deinit {
        vozscreen_free(screen)
    }

    // MARK: - Feeding

    /// Feeds output to the emulator through the guard, the only way into libvterm; `reading` sees every chunk
    /// libvterm was given, so what scans the output alongside reads what the emulator read.
    func feed(_ text: String, reading: (UnsafeRawBufferPointer) -> Void = { _ in }) {
        filter.filter(
            text,
            emit: { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else { return }
                vozscreen_write(screen, base.assumingMemoryBound(to: CChar.self), bytes.count)
                reading(bytes)
            },
            cut: { cuts.append($0) })
    }

    /// Resizes the screen as a user resizing the window would (asciicast `r`). What the program wrote before is
    /// taken first by the caller; what the rows hold after is taken as read, since the program wrote nothing.
    func resize(rows newRows: Int, columns newColumns: Int) {
        let newRows = max(1, newRows)
        let newColumns = max(1, newColumns)
        guard newRows != rows || newColumns != columns else { return }
        rows = newRows
        columns = newColumns
        scratch = RowScratch(columns: columns)
        resizing = true
        vozscreen_resize(screen, Int32(rows), Int32(columns))
        resizing = false
        changes.removeAll(keepingCapacity: true)
        store = Array(repeating: .blank, count: rows)
        _ = vozscreen_take_any_dirty(screen)
        for row in 0..<rows {
            _ = vozscreen_take_dirty(screen, Int32(row))
            store[slot(row)] = read(row: row)
        }
    }

    /// What the guard dropped since the last call, in order.
    func takeCuts() -> [TerminalGuard.Cut] {
        // Swapped out, not copied and emptied: emptying an array still shared allocates a new one, every event.
        guard !cuts.isEmpty else { return [] }
        var taken: [TerminalGuard.Cut] = []
        swap(&taken, &cuts)
        return taken
    }

    /// The rows that changed since the last call, rows that scrolled off first, then top to bottom.
    func takeChanges() -> [Change] {
        var result: [Change] = []
        swap(&result, &changes)
        guard vozscreen_take_any_dirty(screen) != 0 else { return result }
        for row in 0..<rows where vozscreen_take_dirty(screen, Int32(row)) != 0 {
            let slot = slot(row)
            let new = read(row: row)
            if !new.isSame(as: store[slot]) {
                result.append(Change(row: row, old: store[slot], new: new, scrolledOff: false))
                store[slot] = new
            }
        }
        return result
    }

    /// What every row held when it was last read.
    var snapshot: [ScreenRow] { (0..<rows).map { store[slot($0)] } }

    /// What the program switched since the last call, in order.
    func takeNotes() -> [Note] {
        guard !notes.isEmpty else { return [] }
        var taken: [Note] = []
        swap(&taken, &notes)
        return taken
    }

    /// The cursor's 0-based row and column.
    var cursor: (row: Int, column: Int) {
        var row: Int32 = 0
        var column: Int32 = 0
        vozscreen_cursor(screen, &row, &column)
        return (Int(row), Int(column))
    }

    // MARK: - Reading rows

    private func slot(_ row: Int) -> Int { Int(vozscreen_view_slot(screen, Int32(row))) }

    private func read(row: Int) -> ScreenRow {
        scratch.row { text, runs, count in vozscreen_row_text(screen, Int32(row), text, runs, count) }
    }

    // MARK: - Callbacks

    private static func terminal(_ user: UnsafeMutableRawPointer?) -> VirtualTerminal? {
        user.map { Unmanaged<VirtualTerminal>.fromOpaque($0).takeUnretainedValue() }
    }

    private static var callbacks: VozScreenCallbacks {
        var callbacks = VozScreenCallbacks()
        callbacks.pushline = { cells, columns, user in
            guard let cells, let terminal = VirtualTerminal.terminal(user), !terminal.resizing else { return }
            terminal.pushLine(cells, count: Int(columns))
        }
        callbacks.moved = { top, bottom, downward, turned, user in
            guard let terminal = VirtualTerminal.terminal(user), !terminal.resizing else { return }
            terminal.moved(top: Int(top), bottom: Int(bottom), downward: Int(downward), turned: turned != 0)
        }
        callbacks.settermprop = { property, value, user in
            guard let terminal = VirtualTerminal.terminal(user) else { return 1 }
            let on = value != 0
            switch Int(property) {
            case VOZ_PROP_CURSORVISIBLE:
                terminal.cursorVisible = on
                terminal.notes.append(.cursorVisible(on))
            case VOZ_PROP_CURSORBLINK: terminal.notes.append(.cursorBlink(on))
            case VOZ_PROP_ALTSCREEN: terminal.notes.append(.alternateScreen(on))
            case VOZ_PROP_REVERSE: terminal.notes.append(.reverseScreen(on))
            default: break
            }
            return 1
        }
        callbacks.bell = { user in
            guard let terminal = VirtualTerminal.terminal(user) else { return }
            terminal.notes.append(.bell)
        }
        return callbacks
    }

    /// A line leaves the top: if it changed since last read, that change is heard now, before it is gone. Every
    /// line a scroll pushes is set beside what row 0 held, as the replay always has.
    private func pushLine(_ source: UnsafePointer<VozCell>, count: Int) {
        if count > columns { scratch = RowScratch(columns: count) }
        let new = scratch.row { text, runs, runCount in voz_cells_text(source, Int32(count), 0, text, runs, runCount) }
        let slot = slot(0)
        if !new.isSame(as: store[slot]) {
            changes.append(Change(row: 0, old: store[slot], new: new, scrolledOff: true))
        }
    }

    /// Full-width rows [top, bottom) moved up by `downward` (down when negative): what was last read moves with
    /// them, so a scrolled line is not mistaken for a rewritten one. A row the move uncovers is blank (the screen
    /// erased it): a line later written there is new, not a rewrite of the one that moved. A row between the
    /// region's two parts, when it moved more than half its height, keeps what it held. A scroll of the whole
    /// screen turned the slots already, so it costs the rows uncovered; part of it costs the rows moved.
    private func moved(top: Int, bottom: Int, downward: Int, turned: Bool) {
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
