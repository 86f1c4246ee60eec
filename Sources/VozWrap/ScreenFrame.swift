/// What a stretch of a program's output did to the screen, in the order a reader must take it: lines that left the
/// top and rows that moved, then the rows whose text differs now, where the cursor is, and switches to and from the
/// full (alternate) screen. The narrator's only input besides the time.
public struct ScreenFrame: Sendable, Equatable {
    /// A line that left the top, or rows that moved.
    public enum Scroll: Sendable, Equatable {
        /// A line left the top of the screen, as it was when it left.
        case pushed(String)
        /// Full-width rows [top, bottom) moved up by `downward` (down when negative); the rows they leave are blank.
        case moved(top: Int, bottom: Int, downward: Int)
    }

    /// A row whose text is not what it was at the last frame, as it is now (trailing blanks dropped).
    public struct Row: Sendable, Equatable {
        /// The row, 0 at the top.
        public var index: Int
        /// What it shows, trailing blanks dropped.
        public var text: String

        /// Row `index` showing `text`.
        public init(_ index: Int, _ text: String) {
            self.index = index
            self.text = text
        }
    }

    /// Lines that left the top and rows that moved, in order.
    public var scrolls: [Scroll]
    /// Changed rows, top to bottom, as they are after the scrolls.
    public var rows: [Row]
    /// The cursor's row when the stretch ended.
    public var cursorRow: Int
    /// Switches to (true) and from (false) the alternate screen, in order.
    public var fullScreen: [Bool]

    /// A frame of these changes; nothing but the cursor unless told.
    public init(scrolls: [Scroll] = [], rows: [Row] = [], cursorRow: Int, fullScreen: [Bool] = []) {
        self.scrolls = scrolls
        self.rows = rows
        self.cursorRow = cursorRow
        self.fullScreen = fullScreen
    }
}
