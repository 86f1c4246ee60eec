import CVozScreen

/// The emulator a recording's output is replayed through (libvterm's parser and state, Voz's screen of cells,
/// behind the guard), writing what it does to a `ScreenLog`: which rows changed, with their cells, and what the
/// program switched. It builds no text: `ScreenRows` reads the log, on this thread or, for a long recording,
/// on another core while this one goes on (`ScreenReplay`).
///
/// Not thread-safe and not `Sendable`: one replay owns one emulator; the log is handed over whole.
final class TerminalEmulator {
    private(set) var rows: Int
    private(set) var columns: Int
    /// Set once in init: the screen's callbacks need the emulator's own address.
    private var screen: OpaquePointer?
    /// While resizing, what the screen reports is not heard: the rows are all read again after it.
    private var resizing = false
    private var filter = TerminalGuard()
    /// What the emulator did since the log was last taken.
    var log = ScreenLog()
    /// The rows a write changed, kept from one event to the next.
    private var dirtyRows: [Int32] = []

    /// A screen of `rows` by `columns` after a full reset, logged as read (its rows, then `started`).
    init(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        var callbacks = Self.callbacks
        screen = vozscreen_new(
            Int32(self.rows), Int32(self.columns), &callbacks, Unmanaged.passUnretained(self).toOpaque())
        logChangedRows()
        log.entries.append(.started)
    }

    deinit {
        vozscreen_free(screen)
    }

    // MARK: - Feeding

    /// Feeds output to libvterm through the guard, the only way into it, logging each chunk it was given.
    func feed(_ text: String) {
        filter.filter(
            text,
            emit: { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else { return }
                vozscreen_write(screen, base.assumingMemoryBound(to: CChar.self), bytes.count)
                let start = log.bytes.count
                log.bytes.append(contentsOf: bytes)
                log.entries.append(.read(start..<log.bytes.count))
            },
            cut: { log.entries.append(.cut($0)) })
    }

    /// Logs every row the writes since the last call marked, as it is now.
    func logChangedRows() {
        if dirtyRows.count < rows { dirtyRows = Array(repeating: 0, count: rows) }
        let count = dirtyRows.withUnsafeMutableBufferPointer { rows in
            rows.baseAddress.map { Int(vozscreen_take_dirty_rows(screen, $0)) } ?? 0
        }
        guard count > 0 else { return }
        let view = self.view
        let flip = vozscreen_flip(screen)
        for index in 0..<count {
            let row = Int(dirtyRows[index])
            log.entries.append(.changed(row: row, logRow(row), flip: flip, view: view))
        }
    }

    /// Resizes the screen as a user resizing the window would (asciicast `r`), logging the size asked for and, when
    /// the screen's size changed, every row as it is after: the program wrote nothing, so what the rows hold is
    /// taken as read.
    func resize(rows newRows: Int, columns newColumns: Int) {
        let newRows = max(1, newRows)
        let newColumns = max(1, newColumns)
        let changed = newRows != rows || newColumns != columns
        log.entries.append(.size(rows: newRows, columns: newColumns, changed: changed))
        guard changed else { return }
        rows = newRows
        columns = newColumns
        resizing = true
        vozscreen_resize(screen, Int32(rows), Int32(columns))
        resizing = false
        // Every row is read again below: the marks the resize left are cleared, not read.
        if dirtyRows.count < rows { dirtyRows = Array(repeating: 0, count: rows) }
        _ = dirtyRows.withUnsafeMutableBufferPointer { rows in
            rows.baseAddress.map { vozscreen_take_dirty_rows(screen, $0) }
        }
        let view = self.view
        let flip = vozscreen_flip(screen)
        for row in 0..<rows {
            log.entries.append(.reread(row: row, logRow(row), flip: flip, view: view))
        }
    }

    /// The cursor's 0-based row and column.
    var cursor: (row: Int, column: Int) {
        var row: Int32 = 0
        var column: Int32 = 0
        vozscreen_cursor(screen, &row, &column)
        return (Int(row), Int(column))
    }

    /// The view ring's offset, which slots the rows are kept in.
    var view: Int { Int(vozscreen_view(screen)) }

    /// Copies row `row`'s cells into the log as they are kept (read with `vozscreen_flip`), straight from the
    /// screen's own store.
    private func logRow(_ row: Int) -> Range<Int> {
        guard let cells = vozscreen_row(screen, Int32(row)) else { return log.cells.count..<log.cells.count }
        return log.append(cells: cells, count: columns)
    }

    // MARK: - Callbacks

    private static func emulator(_ user: UnsafeMutableRawPointer?) -> TerminalEmulator? {
        user.map { Unmanaged<TerminalEmulator>.fromOpaque($0).takeUnretainedValue() }
    }

    private static var callbacks: VozScreenCallbacks {
        var callbacks = VozScreenCallbacks()
        callbacks.pushline = { cells, columns, user in
            guard let cells, let emulator = TerminalEmulator.emulator(user), !emulator.resizing else { return }
            let range = emulator.log.append(cells: cells, count: Int(columns))
            emulator.log.entries.append(.pushed(range, view: emulator.view))
        }
        callbacks.moved = { top, bottom, downward, turned, user in
            guard let emulator = TerminalEmulator.emulator(user), !emulator.resizing else { return }
            emulator.log.entries.append(
                .moved(
                    top: Int(top), bottom: Int(bottom), downward: Int(downward), turned: turned != 0,
                    view: emulator.view))
        }
        callbacks.settermprop = { property, value, user in
            guard let emulator = TerminalEmulator.emulator(user) else { return 1 }
            let on = value != 0
            switch Int(property) {
            case VOZ_PROP_CURSORVISIBLE: emulator.log.entries.append(.note(.cursorVisible(on)))
            case VOZ_PROP_CURSORBLINK: emulator.log.entries.append(.note(.cursorBlink(on)))
            case VOZ_PROP_ALTSCREEN: emulator.log.entries.append(.note(.alternateScreen(on)))
            case VOZ_PROP_REVERSE: emulator.log.entries.append(.note(.reverseScreen(on)))
            default: break
            }
            return 1
        }
        callbacks.bell = { user in
            TerminalEmulator.emulator(user)?.log.entries.append(.note(.bell))
        }
        return callbacks
    }
}
