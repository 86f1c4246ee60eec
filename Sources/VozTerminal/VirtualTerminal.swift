import CVozScreen

/// A terminal emulator (libvterm) that output is fed to, reporting which rows changed and what the program
/// switched (cursor, alternate screen, reverse screen, bell) as it went: `TerminalEmulator` and the `ScreenRows`
/// that read its log, on one thread. A replay runs the two apart (`ScreenReplay`); this keeps them together for
/// whoever feeds a screen and reads it at once.
///
/// Not thread-safe and not `Sendable`: one owner feeds one terminal. `voz wrap` feeds one live, as the program
/// writes.
package final class VirtualTerminal {
    /// Something the program did to the terminal besides writing cells.
    package enum Note: Sendable, Equatable {
        case cursorVisible(Bool)
        case cursorBlink(Bool)
        case alternateScreen(Bool)
        case reverseScreen(Bool)
        case bell
    }

    /// A row whose cells changed: what it held before and holds now.
    package struct Change {
        package var row: Int
        package var old: ScreenRow
        package var new: ScreenRow
        /// True when the row left the top of the screen into the scrollback while this output was fed.
        package var scrolledOff: Bool
    }

    /// A line that left the top of the screen, or full-width rows that moved: what a reader following rows needs
    /// to keep up with them.
    package enum Scroll: Sendable, Equatable {
        /// A line left the top into the scrollback, as it was when it left.
        case pushed(ScreenRow)
        /// Rows [top, bottom) moved up by `downward` (down when negative).
        case moved(top: Int, bottom: Int, downward: Int)
    }

    private let emulator: TerminalEmulator
    private var screen: ScreenRows

    package init(rows: Int, columns: Int) {
        emulator = TerminalEmulator(rows: rows, columns: columns)
        screen = ScreenRows(rows: emulator.rows, columns: emulator.columns)
        readLog { _ in }
    }

    package var rows: Int { emulator.rows }
    package var columns: Int { emulator.columns }

    /// Feeds output to the emulator through the guard; `reading` sees every chunk libvterm was given, so what
    /// scans the output alongside reads what the emulator read.
    package func feed(_ text: String, reading: (UnsafeRawBufferPointer) -> Void = { _ in }) {
        emulator.feed(text)
        readLog(reading)
    }

    /// Resizes the screen as a user resizing the window would (asciicast `r`).
    package func resize(rows: Int, columns: Int) {
        emulator.resize(rows: rows, columns: columns)
        readLog { _ in }
    }

    /// The rows that changed since the last call, rows that scrolled off first, then top to bottom.
    package func takeChanges() -> [Change] {
        emulator.logChangedRows()
        readLog { _ in }
        return screen.takeChanges()
    }

    /// Whether `takeScrolls` is kept: off unless asked, so a replay keeps nothing it does not read.
    package var keepsScrolls: Bool {
        get { screen.keepsScrolls }
        set { screen.keepsScrolls = newValue }
    }

    /// The lines that left the top and the rows that moved since the last call, in order, when `keepsScrolls`.
    package func takeScrolls() -> [Scroll] { screen.takeScrolls() }

    /// What the guard dropped since the last call, in order.
    func takeCuts() -> [TerminalGuard.Cut] { screen.takeCuts() }

    /// What the program switched since the last call, in order.
    package func takeNotes() -> [Note] { screen.takeNotes() }

    /// What every row held when it was last read.
    package var snapshot: [ScreenRow] { screen.snapshot }

    var cursorVisible: Bool { screen.cursorVisible }

    /// The cursor's 0-based row and column.
    package var cursor: (row: Int, column: Int) { emulator.cursor }

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
