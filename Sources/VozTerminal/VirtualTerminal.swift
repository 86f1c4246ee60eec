import CVozScreen

/// A terminal emulator (libvterm) that output is fed to, reporting which rows changed and what the program
/// switched (cursor, alternate screen, reverse screen, bell) as it went: `TerminalEmulator` and the `ScreenRows`
/// that read its log, on one thread. A replay runs the two apart (`ScreenReplay`); this keeps them together for
/// whoever feeds a screen and reads it at once.
///
/// Not thread-safe and not `Sendable`: one owner feeds one terminal.
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

    private let emulator: TerminalEmulator
    private var screen: ScreenRows

    init(rows: Int, columns: Int) {
        emulator = TerminalEmulator(rows: rows, columns: columns)
        screen = ScreenRows(rows: emulator.rows, columns: emulator.columns)
        readLog { _ in }
    }

    var rows: Int { emulator.rows }
    var columns: Int { emulator.columns }

    /// Feeds output to the emulator through the guard; `reading` sees every chunk libvterm was given, so what
    /// scans the output alongside reads what the emulator read.
    func feed(_ text: String, reading: (UnsafeRawBufferPointer) -> Void = { _ in }) {
        emulator.feed(text)
        readLog(reading)
    }

    /// Resizes the screen as a user resizing the window would (asciicast `r`).
    func resize(rows: Int, columns: Int) {
        emulator.resize(rows: rows, columns: columns)
        readLog { _ in }
    }

    /// The rows that changed since the last call, rows that scrolled off first, then top to bottom.
    func takeChanges() -> [Change] {
        emulator.logChangedRows()
        readLog { _ in }
        return screen.takeChanges()
    }

    /// What the guard dropped since the last call, in order.
    func takeCuts() -> [TerminalGuard.Cut] { screen.takeCuts() }

    /// What the program switched since the last call, in order.
    func takeNotes() -> [Note] { screen.takeNotes() }

    /// What every row held when it was last read.
    var snapshot: [ScreenRow] { screen.snapshot }

    var cursorVisible: Bool { screen.cursorVisible }

    /// The cursor's 0-based row and column.
    var cursor: (row: Int, column: Int) { emulator.cursor }

    private func readLog(_ reading: (UnsafeRawBufferPointer) -> Void) {
        let log = emulator.log
        for entry in log.entries {
            if case .read(let range) = entry {
                log.bytes.withUnsafeBytes { reading(UnsafeRawBufferPointer(rebasing: $0[range])) }
            }
            screen.apply(entry, of: log)
        }
        emulator.log.removeAll()
    }
}
