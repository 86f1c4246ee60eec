import VozTerminal

/// A program's output fed to the audit's screen model (libvterm behind the terminal guard) as it comes, each
/// stretch read back as a `ScreenFrame` for the narrator. One screen, whatever the volume: what scrolled off is
/// handed on and forgotten.
///
/// Not thread-safe: the thread that reads the program's terminal owns it.
struct LiveScreen {
    private let terminal: VirtualTerminal
    /// The first bytes of a UTF-8 character the last read cut in two.
    private var partial: [UInt8] = []

    init(rows: Int, columns: Int) {
        terminal = VirtualTerminal(rows: rows, columns: columns)
        terminal.keepsScrolls = true
    }

    var rows: Int { terminal.rows }
    var columns: Int { terminal.columns }

    /// Feeds what the program wrote and says what it did to the screen.
    mutating func feed(_ bytes: [UInt8]) -> ScreenFrame {
        partial += bytes
        let whole = Self.completeLength(partial)
        if whole > 0 {
            terminal.feed(String(decoding: partial[..<whole], as: UTF8.self))
            partial.removeFirst(whole)
        }
        return frame()
    }

    /// What every row shows now, top to bottom.
    var snapshot: [String] { terminal.snapshot.map(\.text) }

    /// The menu around the cursor, if the screen shows one.
    var menu: ScreenMenu? { ScreenMenu.read(terminal.snapshot, cursorRow: terminal.cursor.row) }

    /// The screen's size changed (the person's window did): the rows are read again, as the program redraws them.
    mutating func resize(rows: Int, columns: Int) {
        terminal.resize(rows: rows, columns: columns)
    }

    private func frame() -> ScreenFrame {
        let scrolls = terminal.takeScrolls().map { scroll -> ScreenFrame.Scroll in
            switch scroll {
            case .pushed(let row): return .pushed(row.text)
            case .moved(let top, let bottom, let downward): return .moved(top: top, bottom: bottom, downward: downward)
            }
        }
        // Lines that scrolled off are in the scrolls, each one; the changes name them again only when they changed.
        let rows = terminal.takeChanges().filter { !$0.scrolledOff }.map { ScreenFrame.Row($0.row, $0.new.text) }
        let fullScreen = terminal.takeNotes().compactMap { note -> Bool? in
            if case .alternateScreen(let on) = note { return on }
            return nil
        }
        return ScreenFrame(scrolls: scrolls, rows: rows, cursorRow: terminal.cursor.row, fullScreen: fullScreen)
    }

    /// The length of the longest prefix of `bytes` that ends on a whole UTF-8 character; a character cut short by
    /// more than its own length is no character and goes through.
    static func completeLength(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        var back = 0
        while index > 0 && back < 4 {
            let byte = bytes[index - 1]
            if byte & 0xC0 != 0x80 {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return back + 1 >= needed ? bytes.count : index - 1
            }
            index -= 1
            back += 1
        }
        return bytes.count
    }
}
