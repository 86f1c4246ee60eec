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

    let rows: Int
    let columns: Int
    private let terminal: OpaquePointer
    private let screen: OpaquePointer
    private let state: OpaquePointer
    private var callbacks = VTermScreenCallbacks()
    private var cells: [CVTermCell]

    /// What every row held when it was last read.
    private(set) var snapshot: [ScreenRow]
    private var damaged: [Bool]
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
        snapshot = Array(repeating: .blank, count: self.rows)
        damaged = Array(repeating: false, count: self.rows)
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

    /// What the guard dropped since the last call, in order.
    func takeCuts() -> [TerminalGuard.Cut] {
        defer { cuts.removeAll(keepingCapacity: true) }
        return cuts
    }

    /// The rows that changed since the last call, rows that scrolled off first, then top to bottom.
    func takeChanges() -> [Change] {
        vterm_screen_flush_damage(screen)
        var result = changes
        changes.removeAll(keepingCapacity: true)
        guard let range = damagedRows else { return result }
        damagedRows = nil
        for row in range where damaged[row] {
            damaged[row] = false
            let new = read(row: row)
            if new != snapshot[row] {
                result.append(Change(row: row, old: snapshot[row], new: new, scrolledOff: false))
                snapshot[row] = new
            }
        }
        return result
    }

    /// What the program switched since the last call, in order.
    func takeNotes() -> [Note] {
        defer { notes.removeAll(keepingCapacity: true) }
        return notes
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
            guard let base = buffer.baseAddress else { return }
            cvterm_read_row(screen, Int32(row), Int32(columns), base)
        }
        return Self.row(from: cells)
    }

    static func row(from cells: [CVTermCell]) -> ScreenRow {
        // Most rows a redraw touches are blank: checked first, in one tight pass.
        if cells.allSatisfy({
            ($0.character == 0 || $0.character == 0x20 || $0.character == 0xFFFF_FFFF) && $0.flags == 0
                && $0.foreground == -1 && $0.background == -1
        }) {
            return .blank
        }
        var text = String.UnicodeScalarView()
        var styled: [StyledRun] = []
        var runStart = 0
        var runStyle = CellStyle.plain
        var runText = String.UnicodeScalarView()
        var column = 0
        for cell in cells {
            if cell.character == 0xFFFF_FFFF { continue }
            // A control character is never shown: it would reach the report raw.
            let scalar = Unicode.Scalar(cell.character).flatMap { Self.isControl($0) ? nil : $0 } ?? " "
            let style = CellStyle(
                bold: cell.flags & UInt8(CVTERM_BOLD) != 0,
                underline: cell.flags & UInt8(CVTERM_UNDERLINE) != 0,
                blink: cell.flags & UInt8(CVTERM_BLINK) != 0,
                reverse: cell.flags & UInt8(CVTERM_REVERSE) != 0,
                foreground: cell.foreground, background: cell.background)
            if style != runStyle {
                if runStyle != .plain, !runText.isEmpty {
                    styled.append(StyledRun(column: runStart, text: String(runText), style: runStyle))
                }
                runStyle = style
                runStart = column
                runText = String.UnicodeScalarView()
            }
            if runStyle != .plain { runText.append(scalar) }
            text.append(scalar)
            column += 1
        }
        if runStyle != .plain, !runText.isEmpty {
            styled.append(StyledRun(column: runStart, text: String(runText), style: runStyle))
        }
        var string = String(text)
        while string.last == " " { string.removeLast() }
        return ScreenRow(text: string, styled: styled)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    // MARK: - Callbacks

    private func installCallbacks() {
        callbacks.damage = { rect, user in
            guard let user else { return 0 }
            let terminal = Unmanaged<VirtualTerminal>.fromOpaque(user).takeUnretainedValue()
            let start = max(0, Int(rect.start_row))
            let end = min(terminal.rows, Int(rect.end_row))
            guard start < end else { return 1 }
            for row in start..<end { terminal.damaged[row] = true }
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
        var line = Array(repeating: CVTermCell(), count: count)
        line.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            cvterm_convert_cells(source, Int32(count), base)
        }
        let new = Self.row(from: line)
        if damaged[0] || new != snapshot[0] {
            if new != snapshot[0] { changes.append(Change(row: 0, old: snapshot[0], new: new, scrolledOff: true)) }
            damaged[0] = false
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
        // In place, in the order that reads each row before it is overwritten: a scroll is one per output line.
        var movedDamage = false
        for step in 0..<count {
            let offset = to < from ? step : count - 1 - step
            snapshot[to + offset] = snapshot[from + offset]
            let wasDamaged = damaged[from + offset]
            damaged[to + offset] = wasDamaged
            movedDamage = movedDamage || wasDamaged
        }
        if movedDamage { markDamaged(to...(to + count - 1)) }
        // The uncovered rows are blank now: a line later written there is new, not a rewrite of the one that moved.
        for row in from..<(from + count) where !(to..<(to + count)).contains(row) { snapshot[row] = .blank }
        // The rows uncovered by the move are erased by libvterm, which marks them damaged.
        return 1
    }
}
