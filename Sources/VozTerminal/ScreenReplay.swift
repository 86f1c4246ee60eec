/// Replays a recording through the terminal emulator and derives what a screen reader meets: the
/// `ScreenTimeline` the recording rules read.
public enum ScreenReplay {
    /// How long after the first output that follows an input the program's output still counts as its answer to
    /// that key (a loaded machine may answer late; the answer starts with the first output, however late).
    static let answerWindow = 500

    // The largest screen replayed: a recording made wider or taller is replayed at this size and the audit says
    // so. Every full redraw costs the screen's size; a 1000 by 1000 screen made a 3 KB recording take 30 seconds.
    /// The most columns replayed; a wider recording is replayed this wide, and the audit says so.
    public static let maximumColumns = 300
    /// The most rows replayed; a taller recording is replayed this tall, and the audit says so.
    public static let maximumRows = 120

    /// `text.hasPrefix(prefix)`, decided on the bytes when the first difference is between ASCII bytes (a
    /// progress bar's digits), where no Character can span it; otherwise by String's own comparison.
    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        var text = text
        var prefix = prefix
        let known: Bool? = text.withUTF8 { whole in
            prefix.withUTF8 { start in
                var index = 0
                let common = min(whole.count, start.count)
                while index < common, whole[index] == start[index] { index += 1 }
                if index == start.count {
                    // A byte prefix: one in Characters too unless what follows joins the last character (a
                    // combining mark, or LF after CR).
                    if index == whole.count { return true }
                    let next = whole[index]
                    return next < 0x80 && !(next == 0x0A && index > 0 && start[index - 1] == 0x0D) ? true : nil
                }
                if index == whole.count { return start[index] < 0x80 ? false : nil }
                return whole[index] < 0x80 && start[index] < 0x80 ? false : nil
            }
        }
        return known ?? text.hasPrefix(prefix)
    }

    /// Replays `recording` from its first event to its last.
    public static func replay(_ recording: CastRecording) -> ScreenTimeline {
        var replay = Replayer(recording)
        for event in recording.events { replay.play(event) }
        return replay.finish()
    }
}

/// The replay's running state: the emulator, the output offset and the timeline built so far.
private struct Replayer {
    let terminal: VirtualTerminal
    var scanner: OutputScanner
    var timeline: ScreenTimeline
    let echoes: [Bool]
    var offset = 0
    var alternate = false
    /// Whether an input has had no output since: the next output is the program's answer however late it comes.
    var awaitingAnswer = false
    var answerStart: Int?
    /// Whether the screen was cleared yet: the first clear of the main screen wipes what the user's terminal showed,
    /// whatever the program wrote and erased of its own before it.
    var clearedOnce = false
    /// A resize not yet made: consecutive resizes (a window dragged) cost the screen once, at the next output.
    var pendingSize: (columns: Int, rows: Int)?

    init(_ recording: CastRecording) {
        // libvterm 0.1.4 segfaults on a wide character in a one-column screen: two columns is the least replayed.
        let width = min(max(2, recording.width), ScreenReplay.maximumColumns)
        let height = min(max(1, recording.height), ScreenReplay.maximumRows)
        terminal = VirtualTerminal(rows: height, columns: width)
        scanner = OutputScanner(width: width, height: height)
        timeline = ScreenTimeline(path: recording.path, width: width, height: height)
        if width < recording.width || height < recording.height {
            timeline.limits.append(
                ScreenTimeline.ReplayLimit(
                    kind: .screen, place: ScreenTimeline.Place(time: 0, line: 1, offset: 0),
                    recordedWidth: recording.width, recordedHeight: recording.height))
        }
        echoes = recording.inputEcho
        timeline.environment = recording.environment
    }

    mutating func play(_ event: CastRecording.Event) {
        let place = ScreenTimeline.Place(time: event.milliseconds, line: event.line, offset: offset)
        timeline.endTime = place.time
        timeline.endLine = event.line
        switch event.code {
        case "o":
            applyResize()
            output(event.data, place: place)
        case "i":
            applyResize()
            input(event.data, place: place)
        case "r": resize(event.data, place: place)
        case "x":
            timeline.exit = ScreenTimeline.ProgramExit(status: Int(event.data.filter { $0 != " " }), place: place)
        default: break
        }
    }

    mutating func finish() -> ScreenTimeline {
        applyResize()
        // A recording made with NO_COLOR set is itself the run the no-colour check asks for.
        if timeline.noColorRun == nil, let value = timeline.environment["NO_COLOR"], !value.isEmpty {
            timeline.noColorRun = ScreenTimeline.NoColorRun(path: timeline.path, firstColor: timeline.firstColor)
        }
        timeline.finalScreen = terminal.snapshot
        timeline.finalCursorVisible = terminal.cursorVisible
        timeline.finalAlternateScreen = alternate
        return timeline
    }

    // MARK: - Resize

    /// `COLSxROWS`: the window was resized. Kept within the replayed maximum, which the audit then names.
    private mutating func resize(_ data: String, place: ScreenTimeline.Place) {
        let parts = data.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let columns = parts[0], let rows = parts[1], columns > 0, rows > 0 else { return }
        if columns > ScreenReplay.maximumColumns || rows > ScreenReplay.maximumRows,
            !timeline.limits.contains(where: { $0.kind == .screen })
        {
            timeline.limits.append(
                ScreenTimeline.ReplayLimit(kind: .screen, place: place, recordedWidth: columns, recordedHeight: rows))
        }
        pendingSize = (min(max(2, columns), ScreenReplay.maximumColumns), min(rows, ScreenReplay.maximumRows))
    }

    private mutating func applyResize() {
        guard let size = pendingSize else { return }
        pendingSize = nil
        terminal.resize(rows: size.rows, columns: size.columns)
        // The timeline's size is the largest the screen was replayed at: what a screen limit says was replayed.
        timeline.width = max(timeline.width, size.columns)
        timeline.height = max(timeline.height, size.rows)
        scanner.width = size.columns
        scanner.height = size.rows
    }

    // MARK: - Input

    private mutating func input(_ data: String, place: ScreenTimeline.Place) {
        let index = timeline.inputs.count
        let cursor = terminal.cursor
        timeline.inputs.append(
            InputMoment(
                place: place, data: data, key: InputMoment.keyName(data),
                echo: index < echoes.count ? echoes[index] : nil, cursorRow: cursor.row, cursorColumn: cursor.column,
                cursorVisible: terminal.cursorVisible, alternateScreen: alternate, screen: terminal.snapshot,
                lastLineSaid: scanner.lastSaid))
        // The terminal answering a query is not a key: what the program writes next is not an answer to a person.
        if !TerminalReplies.isOnlyReplies(data) { awaitingAnswer = true }
    }

    // MARK: - Output

    private mutating func output(_ data: String, place: ScreenTimeline.Place) {
        var sightings: [OutputScanner.Sighting] = []
        var clearing = false
        var clearingMain = false
        // The scanner reads what the guard let through, so it sees 8-bit controls as the emulator does.
        terminal.feed(data) { scanner.scan($0) { sightings.append($0) } }
        for cut in terminal.takeCuts() {
            switch cut {
            case .sequence: timeline.limit(.sequence, at: place)
            case .string: timeline.limit(.string, at: place)
            }
        }
        offset += data.utf8.count
        if awaitingAnswer {
            awaitingAnswer = false
            answerStart = place.time
        }
        let afterInput = answerStart.map { place.time - $0 <= ScreenReplay.answerWindow } ?? false
        for sighting in sightings {
            switch sighting {
            case .color: if timeline.firstColor == nil { timeline.firstColor = place }
            case .cleared(let onAlternate):
                clearing = true
                if !onAlternate { clearingMain = true }
            case .scrollRegion(let top, let bottom):
                timeline.events.append(
                    ScreenEvent(kind: .scrollRegion, place: place, row: top - 1, text: "\(top)-\(bottom)"))
            case .wrappedWord(let word, let line):
                timeline.events.append(ScreenEvent(kind: .wrappedWord, place: place, text: word, previous: line))
            case .query(let kind):
                timeline.events.append(ScreenEvent(kind: .terminalQuery, place: place, text: kind))
            }
        }
        for note in terminal.takeNotes() {
            let kind: ScreenEvent.Kind?
            switch note {
            case .alternateScreen(let on):
                alternate = on
                kind = on ? .alternateScreenOn : .alternateScreenOff
            case .cursorVisible(let on): kind = on ? .cursorShown : .cursorHidden
            case .reverseScreen(let on): kind = on ? .reverseScreen : nil
            case .bell: kind = .bell
            case .cursorBlink: kind = nil
            }
            if let kind { timeline.events.append(ScreenEvent(kind: kind, place: place, afterInput: afterInput)) }
        }
        record(
            terminal.takeChanges(), place: place, afterInput: afterInput, clearing: clearing,
            onAlternate: clearing && !clearingMain)
    }

    /// Turns changed rows into what a listener hears: new text, rewrites, erasures, or one clearing.
    private mutating func record(
        _ changes: [VirtualTerminal.Change], place: ScreenTimeline.Place, afterInput: Bool, clearing: Bool,
        onAlternate: Bool
    ) {
        let erasedCount = changes.filter { !$0.scrolledOff && !$0.old.isBlank && $0.new.isBlank }.count
        // Cleared only when the program asked for the whole screen to go and something was on it.
        // The first clear still wipes what the user's terminal showed before the program, even on a replayed
        // screen that shows nothing (it starts empty; a user's terminal never does).
        let atStart = clearing && !clearedOnce
        let cleared = clearing && (erasedCount > 0 || atStart)
        if cleared {
            // A clear of the alternate screen leaves the user's screen as it was, whichever screen the write ends on:
            // a write that enters it, clears it and leaves it has not yet wiped what the user had.
            if !onAlternate { clearedOnce = true }
            var clear = ScreenEvent(kind: .cleared, place: place, text: "\(erasedCount)")
            clear.onAlternateScreen = onAlternate
            timeline.events.append(clear)
        }
        for change in changes {
            var event = ScreenEvent(
                kind: .appeared, place: place, row: change.row, text: change.new.text, previous: change.old.text,
                styled: change.new.styled, afterInput: afterInput)
            if change.new.isBlank {
                if change.old.isBlank || change.scrolledOff || cleared { continue }
                event.kind = .erased
            } else if !change.old.isBlank && !change.scrolledOff {
                let old = change.old.text
                if ScreenReplay.hasPrefix(change.new.text, old) {
                    event.text = String(change.new.text.dropFirst(old.count))
                    if event.text.allSatisfy({ $0 == " " }) { continue }
                } else {
                    event.kind = .rewritten
                }
            }
            timeline.events.append(event)
        }
    }
}
