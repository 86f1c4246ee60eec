/// What a screen reader meets in a recording: text as it appears, rows rewritten in place, what the program
/// switched, and the whole screen at every moment the program waited for a key. Built by `ScreenReplay`; read by
/// the recording rules.
public struct ScreenTimeline: Sendable, Equatable {
    /// The recording's path, as findings name it.
    public var path: String
    /// The replayed screen's width in columns: the largest it was, when the recording resized it.
    public var width: Int
    /// The replayed screen's height in rows: the largest it was, when the recording resized it.
    public var height: Int
    /// What a listener could hear or miss, in the order it happened.
    public var events: [ScreenEvent] {
        didSet { forgetDerived() }
    }
    /// Every input, with the screen as it stood when the key was sent.
    public var inputs: [InputMoment] {
        didSet { forgetDerived() }
    }
    /// What the audit works out once from this timeline for the rules that read it.
    package var derived = DerivedFacts()

    private mutating func forgetDerived() {
        derived.forget()
    }
    /// The screen when the recording ended.
    public var finalScreen: [ScreenRow]
    /// Whether the cursor was visible when the recording ended.
    public var finalCursorVisible: Bool
    /// Whether the program was still on the alternate screen when the recording ended.
    public var finalAlternateScreen: Bool
    /// The time of the recording's last event, in milliseconds since it started.
    public var endTime: Int
    /// The 1-based line of the recording's last event in its file.
    public var endLine: Int
    /// The first output that set a foreground or background colour, when any did.
    public var firstColor: Place?
    /// The NO_COLOR=1 run of the same program and keys, when one was made (`voz audit --no-color-check`).
    public var noColorRun: NoColorRun?
    /// What Voz could not replay as recorded: a screen larger than it replays, sequences the guard dropped, output
    /// past what the recorder keeps.
    public var limits: [ReplayLimit] = []
    /// The environment the recording's header names (`TERM`, `NO_COLOR`, `SHELL`).
    public var environment: [String: String] = [:]
    /// How the program ended, when the recording says (asciicast v3 `x`, or `voz audit --keys` from the run).
    public var exit: ProgramExit? {
        // A failed exit right after an answer refuses it: set after the replay by `voz audit --keys`.
        didSet { forgetDerived() }
    }
    /// The program's exit status, when the recording says it.
    public var exitStatus: Int32? { exit?.status.map { Int32(truncatingIfNeeded: $0) } }

    /// An empty timeline of a `width` by `height` screen, as the replay starts one.
    public init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
        events = []
        inputs = []
        finalScreen = []
        finalCursorVisible = true
        finalAlternateScreen = false
        endTime = 0
        endLine = 1
    }

    /// Where in a recording something happened.
    public struct Place: Sendable, Equatable {
        /// Milliseconds since the recording started.
        public var time: Int
        /// 1-based line of the recording file.
        public var line: Int
        /// Bytes of output before it.
        public var offset: Int

        /// The place `time` milliseconds in, at `line` of the file, after `offset` bytes of output.
        public init(time: Int, line: Int, offset: Int) {
            self.time = time
            self.line = line
            self.offset = offset
        }
    }

    /// The program's end: its exit status (nil when the recording wrote none that is a number) and when it came.
    public struct ProgramExit: Sendable, Equatable {
        /// The exit status; nil when the recording wrote none that is a number.
        public var status: Int?
        /// Where in the recording the program ended.
        public var place: Place

        /// An end with `status` at `place`.
        public init(status: Int?, place: Place) {
            self.status = status
            self.place = place
        }
    }

    /// What the NO_COLOR=1 run showed about colour.
    public struct NoColorRun: Sendable, Equatable {
        /// The NO_COLOR=1 recording's path.
        public var path: String
        /// The first colour it still set, when it set any.
        public var firstColor: Place?

        /// The run recorded at `path`, which set its first colour at `firstColor`, or none.
        public init(path: String, firstColor: Place?) {
            self.path = path
            self.firstColor = firstColor
        }
    }

    /// One thing the replay left out, first seen at `place`, `count` times in all.
    public struct ReplayLimit: Sendable, Equatable {
        /// What was left out.
        public enum Kind: String, Sendable, Equatable {
            /// The recorded screen was larger than Voz replays: `recordedWidth` by `recordedHeight`.
            case screen
            /// A control sequence with more parameters, or longer ones, than the emulator holds.
            case sequence
            /// An OSC or DCS string longer than the emulator holds.
            case string
            /// The program wrote more than the recorder keeps: the recording, and so the replay, stops at `place`,
            /// after `place.offset` bytes of output.
            case output
        }

        /// What was left out.
        public var kind: Kind
        /// Where it was first met.
        public var place: Place
        /// How many times it was met.
        public var count: Int
        /// For `screen`: the recorded width in columns; 0 otherwise.
        public var recordedWidth: Int
        /// For `screen`: the recorded height in rows; 0 otherwise.
        public var recordedHeight: Int

        /// A limit of `kind` first met at `place`.
        public init(kind: Kind, place: Place, count: Int = 1, recordedWidth: Int = 0, recordedHeight: Int = 0) {
            self.kind = kind
            self.place = place
            self.count = count
            self.recordedWidth = recordedWidth
            self.recordedHeight = recordedHeight
        }
    }

    /// Counts one more thing left out at `place`: the first of its kind keeps its place.
    mutating func limit(_ kind: ReplayLimit.Kind, at place: Place) {
        if let index = limits.firstIndex(where: { $0.kind == kind }) {
            limits[index].count += 1
        } else {
            limits.append(ReplayLimit(kind: kind, place: place))
        }
    }

    /// The events of one kind, with their indexes.
    public func events(_ kind: ScreenEvent.Kind) -> [ScreenEvent] {
        events.filter { $0.kind == kind }
    }
}

/// One thing a listener could hear, or miss, at a moment of the recording.
public struct ScreenEvent: Sendable, Equatable {
    /// What happened on the screen.
    public enum Kind: Sendable, Equatable {
        /// New text on a blank row, or added at the end of a row: `text` is what is new.
        case appeared
        /// A row's text replaced in place: `previous` was there, `text` is there now.
        case rewritten
        /// A row's text removed in place.
        case erased
        /// Most of the screen erased at once: `text` the rows erased.
        case cleared
        /// The program switched to the alternate screen, as a full-screen program does.
        case alternateScreenOn
        /// The program switched back from the alternate screen.
        case alternateScreenOff
        /// The cursor was hidden.
        case cursorHidden
        /// The cursor was shown again.
        case cursorShown
        /// The whole screen switched to reverse video (a visual bell or a flash).
        case reverseScreen
        /// The program rang the terminal's bell.
        case bell
        /// A scroll region smaller than the screen was set (DECSTBM): rows outside it stay pinned.
        case scrollRegion
        /// A line longer than the terminal wrapped in the middle of a word: `text` is the word's two halves,
        /// `previous` the line as written up to the split.
        case wrappedWord
        /// The program asked the terminal something (`text`: cursor, status, attributes, color); the answer comes
        /// back as input.
        case terminalQuery
    }

    /// What happened.
    public var kind: Kind
    /// Where in the recording it happened.
    public var place: ScreenTimeline.Place
    /// 0-based screen row, for row events.
    public var row: Int?
    /// The text the event is about, as its kind says; empty when it has none.
    public var text: String
    /// For a rewritten row, the text it replaced; for a wrapped word, the line up to the split; else empty.
    public var previous: String
    /// The row's stretches drawn in a non-plain style, after the change.
    public var styled: [StyledRun]
    /// True for output that came within half a second of an input: the program answering a key (echo, a moved
    /// highlight), not updating on its own.
    public var afterInput: Bool
    /// For `.cleared`: every clear of the write was made on the alternate screen. A write's events come out
    /// together, so its clears cannot be told from the screen switches around them by their order.
    public var onAlternateScreen = false

    /// An event of `kind` at `place`.
    public init(
        kind: Kind, place: ScreenTimeline.Place, row: Int? = nil, text: String = "", previous: String = "",
        styled: [StyledRun] = [], afterInput: Bool = false
    ) {
        self.kind = kind
        self.place = place
        self.row = row
        self.text = text
        self.previous = previous
        self.styled = styled
        self.afterInput = afterInput
    }
}

/// The moment one input was sent: what was sent and what the screen showed while the program waited for it.
public struct InputMoment: Sendable, Equatable {
    /// Where in the recording the input was sent.
    public var place: ScreenTimeline.Place
    /// The bytes sent, as text.
    public var data: String
    /// `enter`, `up`, `down`, `left`, `right`, `space`, `tab`, `esc`, `ctrl-c`, or nil for typed text.
    public var key: String?
    /// Whether the terminal echoed typing; nil when the recorder did not say.
    public var echo: Bool?
    /// The cursor's 0-based row.
    public var cursorRow: Int
    /// The cursor's 0-based column.
    public var cursorColumn: Int
    /// Whether the cursor was visible.
    public var cursorVisible: Bool
    /// Whether the program was on the alternate screen.
    public var alternateScreen: Bool
    /// The screen's rows, top first.
    public var screen: [ScreenRow]
    /// The last line of text the program wrote before the input, however it wrapped: what was asked.
    public var lastLineSaid: String

    /// The moment `data` was sent at `place`, with the screen as it stood.
    public init(
        place: ScreenTimeline.Place, data: String, key: String?, echo: Bool?, cursorRow: Int, cursorColumn: Int,
        cursorVisible: Bool, alternateScreen: Bool, screen: [ScreenRow], lastLineSaid: String = ""
    ) {
        self.lastLineSaid = lastLineSaid
        self.place = place
        self.data = data
        self.key = key
        self.echo = echo
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
        self.cursorVisible = cursorVisible
        self.alternateScreen = alternateScreen
        self.screen = screen
    }

    /// The text on the cursor's row before the cursor: the prompt the program is waiting on.
    public var promptText: String {
        guard cursorRow >= 0, cursorRow < screen.count else { return "" }
        return String(screen[cursorRow].text.prefix(max(0, cursorColumn)))
    }

    /// Whether the key moves a selection (arrow keys, tab).
    public var isNavigation: Bool {
        ["up", "down", "left", "right", "tab"].contains(key ?? "")
    }

    /// The key a byte sequence stands for.
    public static func keyName(_ data: String) -> String? {
        switch data {
        case "\r", "\n": return "enter"
        case "\u{1B}[A", "\u{1B}OA": return "up"
        case "\u{1B}[B", "\u{1B}OB": return "down"
        case "\u{1B}[C", "\u{1B}OC": return "right"
        case "\u{1B}[D", "\u{1B}OD": return "left"
        case " ": return "space"
        case "\t": return "tab"
        case "\u{1B}": return "esc"
        case "\u{03}": return "ctrl-c"
        default: return nil
        }
    }
}
