import VozLocalization
import VozSupport
import VozTranscript

/// Delivers every message three ways — one printed line, the transcript, and speech — in that order.
///
/// Polite messages queue behind what is being said. An assertive message interrupts the utterance being
/// said and drops the polite ones still waiting, then is said next. Speech plays in the background on the
/// engine's own queue; `announce` returns once the line is printed and recorded.
///
/// When speech goes to WAV files, a message's transcript line names its file only if the file was written: the
/// line waits (milliseconds) until its utterance has begun or been dropped, and one dropped says `dropped` in its
/// detail instead. With live speech or none, lines are written at once, with no file: speech-dispatcher can take
/// seconds to finish a message, and a line held that long would be lost with a killed session.
///
/// Long optional reading cut by someone else (the screen reader's navigation cancels speech-dispatcher's `text`)
/// drops the rest of that reading. An engine whose server goes away gives one line that says so, and from then
/// on the announcer is text only.
public actor Announcer: Announcing {
    private var engine: (any SpeechEngine)?
    private let lines: any LineSink
    private let transcript: TranscriptWriter?

    private var waiting: [Utterance] = []
    private var speaking = false
    private var nextNumber = 1
    private var last: Announcement?
    private var drained: [CheckedContinuation<Void, Never>] = []
    private var finished: [UtteranceOutcome] = []
    /// The highest utterance number an assertive message interrupted: below it, an utterance never begun was
    /// dropped rather than lost to a sink that failed.
    private var interruptedThrough = 0
    private var held = TranscriptQueue()

    /// - Parameters:
    ///   - engine: the speech engine, or nil for text only (`--speech none`, or `auto` with no device).
    ///   - lines: where each message is printed as one plain line.
    ///   - transcript: where each message and recorded event goes, or nil for none.
    public init(engine: (any SpeechEngine)?, lines: any LineSink, transcript: TranscriptWriter? = nil) {
        self.engine = engine
        self.lines = lines
        self.transcript = transcript
    }

    // MARK: - Announcing

    /// The form's own words and the language tag whose voice says them, when they are not in Voz's language.
    private var foreignWords: (phrases: [String], tag: String)?

    /// Says `phrases`, a form's own words, with the voice of `language` from the next message on.
    public func speak(_ phrases: [String], in language: Language) async {
        foreignWords = (phrases, language.rawValue)
    }

    /// Prints the message, records it, and queues it for speech, first interrupting what is being said if it is
    /// assertive; returns before it is spoken.
    public func announce(_ announcement: Announcement) async {
        // Defense in depth: callers clean server text and typed lines, but whatever reaches a terminal, a voice
        // or the transcript passes here, so nothing can clear a screen, write a clipboard or reverse a line.
        var announcement = announcement
        announcement.text = TextSanitizer.clean(announcement.text)
        let number = nextNumber
        nextNumber += 1
        last = announcement
        // A line printed but not said waits for no audio, and cuts nothing short.
        let voice = announcement.isSpoken ? engine : nil
        if let engine = voice, announcement.priority == .assertive {
            // Before anything that suspends, so nothing said earlier gets another buffer out.
            engine.interrupt(through: number - 1)
            interruptedThrough = number - 1
            let dropped = waiting
            waiting.removeAll()
            for utterance in dropped { held.settle(utterance.number, file: nil, dropped: true) }
            writeReleased()
        }
        await lines.write(line: announcement.text)
        let event = TranscriptEvent(
            time: 0, kind: announcement.kind, priority: announcement.priority, text: announcement.text,
            focus: announcement.focus, state: announcement.state)
        // Whether the file will exist is known only once the utterance begins or is dropped.
        enqueue(event, awaiting: voice?.file(forUtterance: number) == nil ? nil : number)
        guard engine != nil, announcement.isSpoken else { return }
        // Numbers follow call order; a message printed late still takes its place in the queue.
        let index = waiting.firstIndex { $0.number > number } ?? waiting.endIndex
        let parts = foreignWords.map { UtterancePart.split(announcement.text, phrases: $0.phrases, language: $0.tag) }
        waiting.insert(
            Utterance(
                number: number, text: announcement.text, isOptionalReading: announcement.isOptionalReading,
                parts: parts),
            at: index)
        if !speaking {
            speaking = true
            Task { await self.speakWaiting() }
        }
    }

    /// Writes `event` to the transcript, its text cleaned as a message's is; nothing is printed or said.
    public func record(_ event: TranscriptEvent) async {
        var event = event
        event.text = event.text.map { TextSanitizer.clean($0) }
        enqueue(event, awaiting: nil)
    }

    /// The last message announced, for `:repeat`; nil before the first.
    public func lastAnnouncement() async -> Announcement? {
        last
    }

    /// Waits until every queued message has been said or dropped and its transcript line written.
    public func drain() async {
        if speaking {
            await withCheckedContinuation { drained.append($0) }
        }
        // Every utterance has been settled by now; anything left would be a line that can name no file.
        for event in held.releaseAll() { transcript?.write(event, time: event.time) }
        await engine?.drain()
    }

    // MARK: - Speaking

    /// What became of every utterance said so far, in order (for tests and measurements).
    public func outcomes() -> [UtteranceOutcome] {
        finished
    }

    private func speakWaiting() async {
        while let engine, !waiting.isEmpty {
            let next = waiting.removeFirst()
            let outcome = await engine.speak(next)
            finished.append(outcome)
            let dropped = outcome.began.map { !$0 } ?? (outcome.number <= interruptedThrough)
            held.settle(outcome.number, file: outcome.file, dropped: dropped)
            if next.isOptionalReading, outcome.interrupted, outcome.number > interruptedThrough {
                dropRestOfReading()
            }
            writeReleased()
            if let notice = outcome.lostNotice { await speakNoMore(notice) }
        }
        speaking = false
        let waiters = drained
        drained.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// The user cut a long reading short: what is left of it is not said.
    private func dropRestOfReading() {
        while let next = waiting.first, next.isOptionalReading {
            waiting.removeFirst()
            held.settle(next.number, file: nil, dropped: true)
        }
    }

    /// The engine's server went away: what was waiting is not said, one line says so, and Voz goes on in text.
    private func speakNoMore(_ notice: String) async {
        engine = nil
        for utterance in waiting { held.settle(utterance.number, file: nil, dropped: true) }
        waiting.removeAll()
        writeReleased()
        await lines.write(line: notice)
        enqueue(TranscriptEvent(time: 0, kind: .announcement, priority: .polite, text: notice), awaiting: nil)
    }

    // MARK: - Transcript

    /// Stamps `event` with the time it happened and writes it, after any line still waiting for its audio.
    private func enqueue(_ event: TranscriptEvent, awaiting utterance: Int?) {
        guard let transcript else { return }
        var event = event
        event.time = transcript.elapsedMilliseconds
        held.append(event, awaiting: utterance)
        writeReleased()
    }

    private func writeReleased() {
        for event in held.release() { transcript?.write(event, time: event.time) }
    }
}
