/// Delivers every message three ways — one printed line, the transcript, and speech — in that order.
///
/// Polite messages queue behind what is being said. An assertive message interrupts the utterance being
/// said and drops the polite ones still waiting, then is said next. Speech plays in the background on the
/// engine's own queue; `announce` returns once the line is printed and recorded.
public actor Announcer: Announcing {
    private let engine: (any SpeechEngine)?
    private let lines: any LineSink
    private let transcript: TranscriptWriter?

    private var waiting: [Utterance] = []
    private var speaking = false
    private var nextNumber = 1
    private var last: Announcement?
    private var drained: [CheckedContinuation<Void, Never>] = []
    private var finished: [UtteranceOutcome] = []

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

    public func announce(_ announcement: Announcement) async {
        // Defense in depth: callers clean server text and typed lines, but whatever reaches a terminal, a voice
        // or the transcript passes here, so nothing can clear a screen, write a clipboard or reverse a line.
        var announcement = announcement
        announcement.text = TextSanitizer.clean(announcement.text)
        let number = nextNumber
        nextNumber += 1
        last = announcement
        if let engine, announcement.priority == .assertive {
            // Before anything that suspends, so nothing said earlier gets another buffer out.
            engine.interrupt(through: number - 1)
            waiting.removeAll()
        }
        await lines.write(line: announcement.text)
        transcript?.write(
            TranscriptEvent(
                time: 0, kind: announcement.kind, priority: announcement.priority, text: announcement.text,
                focus: announcement.focus, state: announcement.state,
                wav: engine?.file(forUtterance: number)))
        guard engine != nil else { return }
        // Numbers follow call order; a message printed late still takes its place in the queue.
        let index = waiting.firstIndex { $0.number > number } ?? waiting.endIndex
        waiting.insert(Utterance(number: number, text: announcement.text), at: index)
        if !speaking {
            speaking = true
            Task { await self.speakWaiting() }
        }
    }

    public func record(_ event: TranscriptEvent) async {
        var event = event
        event.text = event.text.map { TextSanitizer.clean($0) }
        transcript?.write(event)
    }

    public func lastAnnouncement() async -> Announcement? {
        last
    }

    public func drain() async {
        if speaking {
            await withCheckedContinuation { drained.append($0) }
        }
        await engine?.drain()
    }

    // MARK: - Speaking

    /// What became of every utterance said so far, in order (for tests and measurements).
    public func outcomes() -> [UtteranceOutcome] {
        finished
    }

    private func speakWaiting() async {
        guard let engine else { return }
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            finished.append(await engine.speak(next))
        }
        speaking = false
        let waiters = drained
        drained.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
