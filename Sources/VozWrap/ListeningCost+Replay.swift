import VozLocalization
import VozTerminal

extension ListeningCost {
    /// Replays `recording`'s output, at its own times, through the screen model wrap follows live, read at once by
    /// the screen reader that reads every changed row and by wrap's narrator (text only: every line it prints, on
    /// a clock the replay moves); counts both, and looks for every required line in what the narrator said.
    public static func measure(
        _ recording: CastRecording, wordsPerMinute: Int = 400, settings: Narrator.Settings = Narrator.Settings(),
        localizer: Localizer
    ) -> ListeningCost {
        let program = programName(recording.path)
        var replay = Replay(
            recording: recording, program: program, settings: settings, localizer: localizer)
        let said = replay.run()
        let lost = missing(replay.reader.required, in: said.map(\.text))
        return ListeningCost(
            path: recording.path, program: program,
            rawReader: Reading(words: replay.reader.words, utterances: replay.reader.utterances),
            wrap: Reading(words: said.reduce(0) { $0 + $1.text.split(separator: " ").count }, utterances: said.count),
            wordsPerMinute: wordsPerMinute, required: replay.reader.required.count, lost: lost,
            fullScreenRows: replay.reader.fullScreenUtterances)
    }

    /// The name wrap's end line gives the program: the recording's file name, without its folders and `.cast`.
    static func programName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".cast") && name.count > 5 ? String(name.dropLast(5)) : name
    }

    /// The required lines not found in `said`: each looked for in one narration, then in all of them joined, for
    /// a line said in parts (its rest added later, or wrapped by the terminal). Only letters and digits are
    /// compared, which are what is heard: a cleaned row cut at the screen's edge differs from the whole line by its
    /// blanks, and a mark alone ("!") is said by no screen reader at its usual punctuation level.
    static func missing(_ required: [String], in said: [String]) -> [String] {
        let squeezed = said.map(heard)
        let whole = Set(squeezed)
        let joined = squeezed.joined()
        return required.filter { line in
            let wanted = heard(line)
            return !wanted.isEmpty && !whole.contains(wanted) && !joined.contains(wanted)
        }
    }

    /// A line's letters and digits, as compared.
    private static func heard(_ text: String) -> String {
        text.filter { $0.isLetter || $0.isNumber }
    }

    /// One replay: the events in order, the narrator's timers kept between them as the live reader keeps them.
    struct Replay {
        let recording: CastRecording
        var screen: LiveScreen
        var narrator: Narrator
        var reader: RawReader
        var said: [Narration] = []
        /// When the timers were last ticked: never again sooner than the live reader's shortest wait after it.
        var lastTick = Duration.zero

        init(recording: CastRecording, program: String, settings: Narrator.Settings, localizer: Localizer) {
            self.recording = recording
            let columns = min(max(2, recording.width), ScreenReplay.maximumColumns)
            let rows = min(max(1, recording.height), ScreenReplay.maximumRows)
            screen = LiveScreen(rows: rows, columns: columns)
            narrator = Narrator(
                program: program, rows: rows, columns: columns, settings: settings, localizer: localizer)
            reader = RawReader(rows: rows)
        }

        /// What the narrator says of the whole recording, the end line last.
        mutating func run() -> [Narration] {
            var now = Duration.zero
            for event in recording.events {
                now = max(now, .microseconds(event.microseconds))
                switch event.code {
                case "o":
                    tick(until: now)
                    let frame = screen.feed(Array(event.data.utf8))
                    reader.read(frame)
                    said += narrator.observe(frame, at: now)
                case "r":
                    guard let size = Self.size(event.data) else { continue }
                    tick(until: now)
                    screen.resize(rows: size.rows, columns: size.columns)
                    reader.resized(to: screen.snapshot)
                    said += narrator.resized(to: screen.snapshot, columns: size.columns, at: now)
                default: continue
                }
            }
            reader.finish()
            let end = recording.exitStatus.map { ProgramEnd(.exited(Int32(truncatingIfNeeded: $0))) } ?? .finished
            said += narrator.finish(end, at: now)
            return said
        }

        /// The narrator's timers up to `now`, each at its deadline, as the live reader wakes for them (never more
        /// often than it does).
        private mutating func tick(until now: Duration) {
            while true {
                let deadline = max(narrator.nextDeadline, lastTick + .milliseconds(5))
                guard deadline < now else { return }
                said += narrator.tick(at: deadline)
                lastTick = deadline
            }
        }

        /// An `r` event's `COLSxROWS`, within the sizes the screen model replays.
        static func size(_ data: String) -> (columns: Int, rows: Int)? {
            let parts = data.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
            return (min(max(2, parts[0]), ScreenReplay.maximumColumns), min(parts[1], ScreenReplay.maximumRows))
        }
    }
}
