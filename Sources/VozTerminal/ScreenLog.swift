import CVozScreen

/// What the emulator did as a recording was fed to it, in order, for the side that keeps the rows as a screen
/// reader meets them (`ScreenRows`) and builds the timeline, which may read it on another core while the emulator
/// goes on: the bytes libvterm read, lines pushed off the top, rows moved, what the program switched, what the
/// guard dropped, and rows a write changed, each with its cells as they were at that moment.
///
/// A row's slot is where the reading side keeps what it last read of it: (view + row) modulo the rows, the view
/// being the emulator's ring offset when the entry was written.
struct ScreenLog: Sendable {
    enum Entry: Sendable {
        /// Bytes handed to libvterm, `bytes[range]`: the output scanner reads what the emulator read.
        case read(Range<Int>)
        case cut(TerminalGuard.Cut)
        case note(VirtualTerminal.Note)
        /// A line left the top, `cells[range]` (reverse video already flipped in: read with no flip), before the
        /// rows moved.
        case pushed(Range<Int>, view: Int)
        /// Full-width rows [top, bottom) moved up by `downward` (down when negative); `turned` when the whole
        /// screen scrolled and the view ring turned.
        case moved(top: Int, bottom: Int, downward: Int, turned: Bool, view: Int)
        /// A row the writes of an output event changed, as it is at the event's end: its cells as kept, read with
        /// `flip` XORed into their flags (VOZ_CELL_REVERSE while the whole screen is in reverse video).
        case changed(row: Int, Range<Int>, flip: UInt8, view: Int)
        /// A resize waiting since an `r` event was made: the size asked for, and whether the screen's size
        /// changed, in which case every row follows as `reread`.
        case size(rows: Int, columns: Int, changed: Bool)
        case reread(row: Int, Range<Int>, flip: UInt8, view: Int)
        /// Where the cursor was when an input came.
        case cursor(row: Int, column: Int, view: Int)
        /// The emulator is set up: what is above is its reset, read into the rows but not heard.
        case started
        /// Recording event `index` is over: what it did is above.
        case done(Int)
        /// The recording is over; the view the final screen is read in.
        case end(view: Int)
    }

    var entries: [Entry] = []
    var cells: [VozCell] = []
    var bytes: [UInt8] = []

    /// Cells copied in, as the range they now take.
    mutating func append(cells source: UnsafePointer<VozCell>, count: Int) -> Range<Int> {
        let start = cells.count
        cells.append(contentsOf: UnsafeBufferPointer(start: source, count: count))
        return start..<cells.count
    }

    /// Emptied, keeping its buffers for the next stretch of entries.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }
}
