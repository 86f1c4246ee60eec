import VozAccessibility
import VozLocalization

/// Decides what a person hears of a program's screen, and when: a pure value, fed what the screen did
/// (`ScreenFrame`) and the time, giving back what to say. It does no I/O and reads no clock, so every rule is tested
/// by a table of frames and times.
///
/// - A line the program wrote is said once, cleaned, when the cursor has left it (or, still unfinished, after
///   `lineWait`: a prompt, a line written in parts); the part added to a line already said is said alone.
/// - A row rewritten in place (progress, a counter, a spinner) is said when it starts, when it shows a new message,
///   at most every `progressEvery` while it changes, and in its last state once it settles: the program moved on to
///   a new line below it, it stayed still for `settleAfter`, it left the screen, or the program ended. A spinner's
///   frames clean to the same words, which are therefore said once.
/// - The alternate screen is said plainly when it comes and goes; what it draws is not read as lines.
/// - The end line always comes, with the last line that read as an error when the program failed.
/// - With speech, lines that come faster than the voice can say them are printed but not said, and one notice says
///   how many; so neither the speech queue nor the person falls minutes behind a flood.
///
/// Memory is a row of state for each screen row and one line waiting for its wrapped rest: bounded by the screen,
/// not by the output.
public struct Narrator: Sendable {
    /// The timings and the speech budget.
    public struct Settings: Sendable, Equatable {
        /// The most often a row rewritten in place is said while it keeps changing.
        public var progressEvery: Duration
        /// How long a rewritten row keeps still, the cursor elsewhere, before its last state is said.
        public var settleAfter: Duration
        /// How long an unfinished line (the cursor still on it) waits before it is said.
        public var lineWait: Duration
        /// The voice's rate in words a minute when speech follows the lines; nil for text only, when every line is
        /// said (printed) as it comes.
        public var wordsPerMinute: Int?
        /// The most speech let wait behind the voice; lines past it are printed and not said.
        public var speechBacklog: Duration
        /// How long the narrator stays silent while the program runs before it says the program is still running:
        /// a long quiet wait is not mistaken for a hang, or for the end. Three sparse updates, at least 30 seconds.
        public var heartbeat: Duration { max(.seconds(30), progressEvery * 3) }
        /// Whether the person answers the program through wrap: a line left unfinished where the cursor waits is
        /// then a question, said as one by `waiting`, not as a line.
        public var asksQuestions = false
        /// How long the program stays quiet, after its output and after what was typed, before it is taken to
        /// wait for an answer.
        public var promptWait: Duration = .milliseconds(600)

        /// Sparse updates every 10 seconds, settling after 2, unfinished lines after 1, text only.
        public init(
            progressEvery: Duration = .seconds(10), settleAfter: Duration = .seconds(2),
            lineWait: Duration = .seconds(1), wordsPerMinute: Int? = nil, speechBacklog: Duration = .seconds(8)
        ) {
            self.progressEvery = progressEvery
            self.settleAfter = settleAfter
            self.lineWait = lineWait
            self.wordsPerMinute = wordsPerMinute
            self.speechBacklog = speechBacklog
        }
    }

    /// What the narrator knows of one screen row.
    struct Row: Sendable, Equatable {
        /// The row's text as the screen shows it, and cleaned for saying.
        var raw: String
        var text: String
        /// Whether it fills the screen's width: a long line the terminal wrapped, whose rest is on the next row.
        var wraps: Bool
        /// When its text last changed.
        var changedAt: Duration
        /// Whether it was rewritten in place (changed other than by growing): a live row, said sparsely.
        var rewritten = false
        /// What was last said of it, and when.
        var said: String?
        var saidAt: Duration?
        /// When the program erased it with the cursor on it (`\r` and erase-line, before a redraw that may come in
        /// the next read): it keeps what it showed, and text written there soon is a rewrite, not a new line.
        var erasedAt: Duration?
    }

    let settings: Settings
    let localizer: Localizer
    /// The program's name, as the end line says it.
    let program: String
    var columns: Int
    var rows: [Row?]
    var cursorRow = 0
    /// The primary screen's rows while the alternate screen is up.
    var savedRows: [Row?]?
    /// A wrapped line's first rows, waiting for the rest, and since when.
    var carry: (text: String, since: Duration)?
    var lastError: String?
    /// When the voice will have said everything given to it, by the narrator's estimate.
    var speechFreeAt: Duration = .zero
    /// Lines printed and not said since the last notice.
    var unspoken = 0
    /// When the narrator last said anything (the heartbeat counts from it).
    var lastSaidAt: Duration = .zero
    /// What the call being answered says, in order.
    var said: [Narration] = []
    /// Answers typed at the program, whose echo on its terminal is not said again.
    var echoes: [String] = []
    /// Whether the program waits for the person (said by `waiting`): a long silence then is theirs, not the
    /// program's, and no heartbeat comes.
    var asking = false
    /// The items of the menu last said, so it is said again only when they change.
    var menuItems: [String]?

    /// A narrator for `program` on a screen of `rows` by `columns`, saying its sentences in `localizer`'s language.
    public init(program: String, rows: Int, columns: Int, settings: Settings = Settings(), localizer: Localizer) {
        self.program = program
        self.settings = settings
        self.localizer = localizer
        self.columns = max(1, columns)
        self.rows = Array(repeating: nil, count: max(1, rows))
    }

    // MARK: - Calls

    /// What to say of `frame`, which came at `now` (time since the program started).
    public mutating func observe(_ frame: ScreenFrame, at now: Duration) -> [Narration] {
        if !frame.rows.isEmpty || !frame.scrolls.isEmpty || !frame.fullScreen.isEmpty { asking = false }
        apply(frame, at: now)
        review(at: now)
        return takeSaid()
    }

    /// What to say at `now` with no new output: unfinished lines that waited long enough, sparse updates, rows that
    /// settled. Call it by `nextDeadline`.
    public mutating func tick(at now: Duration) -> [Narration] {
        review(at: now)
        if let carry, now - carry.since >= settings.lineWait { flushCarry(at: now) }
        if said.isEmpty, savedRows == nil, !asking, now - lastSaidAt >= settings.heartbeat {
            say(localizer.text("wrap.stillRunning", ["program": program]), kind: .notice, at: now)
        }
        return takeSaid()
    }

    /// Everything not yet said, then the end line.
    public mutating func finish(_ end: ProgramEnd, at now: Duration) -> [Narration] {
        if let saved = savedRows {
            rows = saved
            savedRows = nil
        }
        for index in rows.indices {
            if let row = rows[index] { leave(row, finalRaw: row.raw, at: now) }
            rows[index] = nil
        }
        flushCarry(at: now)
        var text = end.sentence(program, localizer: localizer)
        if end.isFailure, let lastError {
            text += " " + localizer.text("wrap.end.lastError", ["text": lastError])
        }
        say(text, kind: .end, priority: end.isFailure ? .assertive : .polite, at: now)
        return takeSaid()
    }

    /// The screen was resized to `screen`'s rows and `columns`: what the rows held and never said is said, and what
    /// they show now, drawn again for the new size, is taken as heard.
    public mutating func resized(to screen: [String], columns: Int, at now: Duration) -> [Narration] {
        if savedRows == nil {
            for row in rows.compactMap({ $0 }) { leave(row, finalRaw: row.raw, at: now) }
        }
        flushCarry(at: now)
        self.columns = max(1, columns)
        let heard = screen.map { raw -> Row? in
            let text = SpokenLine.clean(raw)
            guard !text.isEmpty else { return nil }
            return Row(raw: raw, text: text, wraps: isFull(raw), changedAt: now, said: text, saidAt: now)
        }
        if savedRows != nil {
            savedRows = Array(repeating: nil, count: max(1, screen.count))
        } else {
            rows = heard.isEmpty ? [nil] : heard
        }
        return takeSaid()
    }

    /// When `tick` has something to decide next: an unfinished line, an update, a row settling, the heartbeat.
    public var nextDeadline: Duration {
        // No heartbeat over a full screen (the program is seen to be running): a deadline kept from before it would
        // pass and never be acted on, and the reading loop would wake at its shortest wait for as long as it stays.
        var earliest =
            savedRows == nil ? lastSaidAt + (asking ? .seconds(86_400) : settings.heartbeat) : Self.noDeadline
        func consider(_ time: Duration) { earliest = min(earliest, time) }
        if let carry { consider(carry.since + settings.lineWait) }
        guard savedRows == nil else { return earliest }
        for (index, row) in rows.enumerated() {
            if let erasedAt = row?.erasedAt {
                consider(erasedAt + settings.lineWait)
                continue
            }
            guard let row, row.text != row.said else { continue }
            if !row.rewritten {
                if index == cursorRow, !settings.asksQuestions { consider(row.changedAt + settings.lineWait) }
            } else {
                consider((row.saidAt ?? row.changedAt) + settings.progressEvery)
                if index != cursorRow { consider(row.changedAt + settings.settleAfter) }
            }
        }
        return earliest
    }

    /// Later than any run: nothing is due.
    static let noDeadline = Duration.seconds(Int64(Int32.max))

    mutating func takeSaid() -> [Narration] {
        var taken: [Narration] = []
        swap(&taken, &said)
        return taken
    }
}
