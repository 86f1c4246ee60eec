/// The replay's reading side: what the emulator's log says of the screen turned into the timeline, event by
/// event (`ScreenReplay` feeds the emulator, here or on another core).
struct Replayer {
    var screen: ScreenRows
    var scanner: OutputScanner
    /// What the output scanner saw in the bytes read since the last output event.
    var sightings: [OutputScanner.Sighting] = []
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
    /// The recorder kept only part of the program's output: the replay ends where the recording was cut.
    let outputCut: Bool
    /// The exit status a v2 header says, at the recording's end when no `x` event says it.
    let exitStatus: Int?

    init(_ recording: CastRecording) {
        let (width, height) = ScreenReplay.replayedSize(recording)
        screen = ScreenRows(rows: height, columns: width)
        scanner = OutputScanner(width: width, height: height)
        timeline = ScreenTimeline(path: recording.path, width: width, height: height)
        if width < recording.width || height < recording.height {
            timeline.limits.append(
                ScreenTimeline.ReplayLimit(
                    kind: .screen, place: ScreenTimeline.Place(time: 0, line: 1, offset: 0),
                    recordedWidth: recording.width, recordedHeight: recording.height))
        }
        echoes = recording.inputEcho
        outputCut = recording.outputCut
        exitStatus = recording.exitStatus
        timeline.environment = recording.environment
    }

    /// Takes in a stretch of the emulator's log: what each recording event did, then the event itself.
    mutating func read(_ log: ScreenLog, of events: [CastRecording.Event]) {
        for entry in log.entries {
            switch entry {
            case .read(let range):
                log.bytes.withUnsafeBytes { bytes in
                    // The scanner reads what the guard let through, so it sees 8-bit controls as the emulator does.
                    scanner.scan(UnsafeRawBufferPointer(rebasing: bytes[range])) { sightings.append($0) }
                }
            case .size(let rows, let columns, _):
                screen.apply(entry, of: log)
                sized(rows: rows, columns: columns)
            case .done(let index): play(events[index])
            default: screen.apply(entry, of: log)
            }
        }
    }

    private mutating func play(_ event: CastRecording.Event) {
        let place = ScreenTimeline.Place(time: event.milliseconds, line: event.line, offset: offset)
        timeline.endTime = place.time
        timeline.endLine = event.line
        switch event.code {
        case "o": output(event.data, place: place)
        case "i": input(event.data, place: place)
        case "r": resize(event.data, place: place)
        case "x":
            timeline.exit = ScreenTimeline.ProgramExit(status: Int(event.data.filter { $0 != " " }), place: place)
        default: break
        }
    }

    mutating func finish() -> ScreenTimeline {
        if timeline.exit == nil, let exitStatus {
            timeline.exit = ScreenTimeline.ProgramExit(
                status: exitStatus,
                place: ScreenTimeline.Place(time: timeline.endTime, line: timeline.endLine, offset: offset))
        }
        if outputCut {
            timeline.limit(
                .output, at: ScreenTimeline.Place(time: timeline.endTime, line: timeline.endLine, offset: offset))
        }
        // A recording made with NO_COLOR set is itself the run the no-colour check asks for.
        if timeline.noColorRun == nil, let value = timeline.environment["NO_COLOR"], !value.isEmpty {
            timeline.noColorRun = ScreenTimeline.NoColorRun(path: timeline.path, firstColor: timeline.firstColor)
        }
        timeline.finalScreen = screen.snapshot
        timeline.finalCursorVisible = screen.cursorVisible
        timeline.finalAlternateScreen = alternate
        return timeline
    }

    // MARK: - Resize

    /// `COLSxROWS`: the window was resized. Kept within the replayed maximum, which the audit then names; the
    /// emulator takes the size at the next output or input (`ScreenReplay.requestedSize`).
    private mutating func resize(_ data: String, place: ScreenTimeline.Place) {
        guard let (columns, rows) = ScreenReplay.parsedSize(data) else { return }
        if columns > ScreenReplay.maximumColumns || rows > ScreenReplay.maximumRows,
            !timeline.limits.contains(where: { $0.kind == .screen })
        {
            timeline.limits.append(
                ScreenTimeline.ReplayLimit(kind: .screen, place: place, recordedWidth: columns, recordedHeight: rows))
        }
    }

    /// The emulator took a size asked for: consecutive resizes (a window dragged) cost the screen once.
    private mutating func sized(rows: Int, columns: Int) {
        // The timeline's size is the largest the screen was replayed at: what a screen limit says was replayed.
        timeline.width = max(timeline.width, columns)
        timeline.height = max(timeline.height, rows)
        scanner.width = columns
        scanner.height = rows
    }

    // MARK: - Input

    private mutating func input(_ data: String, place: ScreenTimeline.Place) {
        let index = timeline.inputs.count
        let cursor = screen.cursor
        timeline.inputs.append(
            InputMoment(
                place: place, data: data, key: InputMoment.keyName(data),
                echo: index < echoes.count ? echoes[index] : nil, cursorRow: cursor.row, cursorColumn: cursor.column,
                cursorVisible: screen.cursorVisible, alternateScreen: alternate, screen: screen.snapshot,
                lastLineSaid: scanner.lastSaid))
        // The terminal answering a query is not a key: what the program writes next is not an answer to a person.
        if !TerminalReplies.isOnlyReplies(data) { awaitingAnswer = true }
    }

    // MARK: - Output

    private mutating func output(_ data: String, place: ScreenTimeline.Place) {
        var sightings: [OutputScanner.Sighting] = []
        swap(&sightings, &self.sightings)
        var clearing = false
        var clearingMain = false
        for cut in screen.takeCuts() {
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
        for note in screen.takeNotes() {
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
            screen.takeChanges(), place: place, afterInput: afterInput, clearing: clearing,
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
