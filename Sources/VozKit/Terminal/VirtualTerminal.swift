import CVTerm

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
    private let terminal: OpaquePointer
    private let screen: OpaquePointer
    private let state: OpaquePointer
    private var callbacks = VTermScreenCallbacks()
    private var cells: [CVTermCell]

    /// What every row held when it was last read, and whether libvterm marked it damaged since, kept in slots
    /// that rows point to: a scroll moves the rows' slot numbers, not the rows, so an hour of scrolling on a
    /// tall screen costs the lines scrolled, not the screen's height for every line.
    private var store: [ScreenRow]
    private var damagedSlots: [Bool]
    private var slots: [Int]
    /// Cells of a line leaving the top, reused from one line to the next.
    private var pushed: [CVTermCell] = []
    /// The slots a move frees, reused from one move to the next.
    private var spare: [Int] = []
    /// The rows marked damaged since the last read, so reading costs what changed, not the screen's height.
    private var damagedRows: ClosedRange<Int>?
    private var changes: [Change] = []
    private var notes: [Note] = []
    private(set) var cursorVisible = true
    private var filter = TerminalGuard()
    private var cuts: [TerminalGuard.Cut] = []

    init(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        terminal = vterm_new(Int32(self.rows), Int32(self.columns))
        vterm_set_utf8(terminal, 1)
        screen = vterm_obtain_screen(terminal)
        state = vterm_obtain_state(terminal)
        cells = Array(repeating: CVTermCell(), count: self.columns)
        store = Array(repeating: .blank, count: self.rows)
        damagedSlots = Array(repeating: false, count: self.rows)
        slots = Array(0..<self.rows)
        vterm_screen_enable_altscreen(screen, 1)
        vterm_screen_set_damage_merge(screen, VTERM_DAMAGE_ROW)
        installCallbacks()
        vterm_screen_reset(screen, 1)
        _ = takeChanges()
        notes.removeAll()
    }

    deinit {
        vterm_free(terminal)
    }

    // MARK: - Feeding

    /// Feeds output to the emulator through the guard, the only way into libvterm; `reading` sees every chunk
    /// libvterm was given, so what scans the output alongside reads what the emulator read.
    func feed(_ text: String, reading: (UnsafeRawBufferPointer) -> Void = { _ in }) {
        filter.filter(
            text,
            emit: { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else { return }
                _ = vterm_input_write(terminal, base.assumingMemoryBound(to: CChar.self), bytes.count)
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
        cells = Array(repeating: CVTermCell(), count: columns)
        // Sized before libvterm's callbacks run: lines it pushes off the top while shrinking read row 0.
        store = Array(repeating: .blank, count: rows)
        damagedSlots = Array(repeating: false, count: rows)
        slots = Array(0..<rows)
        vterm_set_size(terminal, Int32(rows), Int32(columns))
        vterm_screen_flush_damage(screen)
        changes.removeAll(keepingCapacity: true)
        damagedRows = nil
        slots = Array(0..<rows)
        damagedSlots = Array(repeating: false, count: rows)
        store = (0..<rows).map { read(row: $0) }
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
        vterm_screen_flush_damage(screen)
        var result: [Change] = []
        swap(&result, &changes)
        guard let range = damagedRows else { return result }
        damagedRows = nil
        for row in range where damagedSlots[slots[row]] {
            let slot = slots[row]
            damagedSlots[slot] = false
            let new = read(row: row)
            if new != store[slot] {
                result.append(Change(row: row, old: store[slot], new: new, scrolledOff: false))
                store[slot] = new
            }
        }
        return result
    }

    /// What every row held when it was last read.
    var snapshot: [ScreenRow] { slots.map { store[$0] } }

    /// What the program switched since the last call, in order.
    func takeNotes() -> [Note] {
        guard !notes.isEmpty else { return [] }
        var taken: [Note] = []
        swap(&taken, &notes)
        return taken
    }

    /// The cursor's 0-based row and column.
    var cursor: (row: Int, column: Int) {
        var position = VTermPos()
        vterm_state_get_cursorpos(state, &position)
        return (Int(position.row), Int(position.col))
    }

    // MARK: - Reading rows

    private func read(row: Int) -> ScreenRow {
        cells.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .blank }
            cvterm_read_row(screen, Int32(row), Int32(columns), base)
            return Self.row(from: UnsafeBufferPointer(buffer))
        }
    }

    // MARK: - Callbacks

    private func installCallbacks() {
        callbacks.damage = { rect, user in
            guard let user else { return 0 }
            let terminal = Unmanaged<VirtualTerminal>.fromOpaque(user).takeUnretainedValue()
            let start = max(0, Int(rect.start_row))
            let end = min(terminal.rows, Int(rect.end_row))
            guard start < end else { return 1 }
            for row in start..<end { terminal.damagedSlots[terminal.slots[row]] = true }
            terminal.markDamaged(start...(end - 1))
            return 1
        }
        callbacks.moverect = { dest, src, user in
            guard let user else { return 0 }
            return Unmanaged<VirtualTerminal>.fromOpaque(user).takeUnretainedValue().move(dest: dest, src: src)
        }
        callbacks.settermprop = { property, value, user in
            guard let user, let value else { return 1 }
            let terminal = Unmanaged<VirtualTerminal>.fromOpaque(user).takeUnretainedValue()
            let on = cvterm_value_bool(value) != 0
            switch property {
            case VTERM_PROP_CURSORVISIBLE:
                terminal.cursorVisible = on
                terminal.notes.append(.cursorVisible(on))
            case VTERM_PROP_CURSORBLINK: terminal.notes.append(.cursorBlink(on))
            case VTERM_PROP_ALTSCREEN: terminal.notes.append(.alternateScreen(on))
            case VTERM_PROP_REVERSE: terminal.notes.append(.reverseScreen(on))
            default: break
            }
            return 1
        }
        callbacks.bell = { user in
            guard let user else { return 0 }
            Unmanaged<VirtualTerminal>.fromOpaque(user).takeUnretainedValue().notes.append(.bell)
            return 1
        }
        callbacks.sb_pushline = { columns, cells, user in
            guard let user, let cells else { return 0 }
            let terminal = Unmanaged<VirtualTerminal>.fromOpaque(user).takeUnretainedValue()
            terminal.pushLine(cells, count: Int(columns))
            return 1
        }
        vterm_screen_set_callbacks(screen, &callbacks, Unmanaged.passUnretained(self).toOpaque())
    }

    private func markDamaged(_ range: ClosedRange<Int>) {
        guard let known = damagedRows else {
            damagedRows = range
            return
        }
        damagedRows = min(known.lowerBound, range.lowerBound)...max(known.upperBound, range.upperBound)
    }

    /// A line leaves the top: if it changed since last read, that change is heard now, before it is gone.
    private func pushLine(_ source: UnsafePointer<VTermScreenCell>, count: Int) {
        if pushed.count != count { pushed = Array(repeating: CVTermCell(), count: count) }
        let new = pushed.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return ScreenRow.blank }
            cvterm_convert_cells(source, Int32(count), base)
            return Self.row(from: UnsafeBufferPointer(buffer))
        }
        let slot = slots[0]
        if damagedSlots[slot] || new != store[slot] {
            if new != store[slot] { changes.append(Change(row: 0, old: store[slot], new: new, scrolledOff: true)) }
            damagedSlots[slot] = false
        }
    }

    /// Whole rows moving up or down (scrolling): moves what was last read with them, so a scrolled line is not
    /// mistaken for a rewritten one. Moves within a row are left to libvterm, which marks them damaged.
    private func move(dest: VTermRect, src: VTermRect) -> Int32 {
        guard src.start_col == 0, src.end_col == Int32(columns), dest.start_col == 0,
            dest.end_col == Int32(columns)
        else { return 0 }
        let count = Int(src.end_row - src.start_row)
        let from = Int(src.start_row)
        let to = Int(dest.start_row)
        guard count > 0, from >= 0, to >= 0, from + count <= rows, to + count <= rows else { return 0 }
        guard from != to else { return 1 }
        // Each destination row takes its source's slot. A source row the move uncovers is blank (libvterm erases
        // it and marks it damaged): a line later written there is new, not a rewrite of the one that moved. It takes
        // the slot of a destination row that was no source, whose old contents nobody needs, blanked, with its own
        // row's mark. So a scroll costs the slot numbers of the rows and the lines uncovered.
        let uncovered = to < from ? max(from, to + count)..<(from + count) : from..<min(to, from + count)
        let overwritten = to < from ? to..<min(from, to + count) : max(to, from + count)..<(to + count)
        spare.removeAll(keepingCapacity: true)
        for (row, free) in zip(uncovered, overwritten) {
            let slot = slots[free]
            spare.append(slot)
            store[slot] = .blank
            damagedSlots[slot] = damagedSlots[slots[row]]
        }
        var movedDamage = false
        damagedSlots.withUnsafeBufferPointer { damaged in
            slots.withUnsafeMutableBufferPointer { slots in
                // In the order that reads each slot before it is overwritten.
                for step in 0..<count {
                    let offset = to < from ? step : count - 1 - step
                    let slot = slots[from + offset]
                    movedDamage = movedDamage || damaged[slot]
                    slots[to + offset] = slot
                }
            }
        }
        for (index, row) in uncovered.enumerated() { slots[row] = spare[index] }
        if movedDamage { markDamaged(to...(to + count - 1)) }
        // The rows uncovered by the move are erased by libvterm, which marks them damaged.
        return 1
    }
}
