import VozAudit
import VozTerminal

/// What a program wrote after each answer a person sent (an input that ends with Enter), up to the next input:
/// where the error rules decide whether an answer was refused and how.
struct AnswerReply: Sendable, DerivedFact {
    typealias Value = [AnswerReply]

    /// The input that sent the answer.
    var answer: InputMoment
    /// The lines that appeared after it, before the next input, without the echo of the answer itself.
    var lines: [ScreenEvent]
    /// The next input, when there is one.
    var next: InputMoment?
    /// The program ended after this answer with a non-zero status.
    var failedExit: Bool
    /// Whether any line after the answer says an error in words.
    let saysError: Bool
    /// How the answer was refused without the error being said, if it was.
    let refusal: Refusal?

    /// Reads the lines once: an answer followed by a megabyte of output is read by two rules, several times each.
    init(answer: InputMoment, lines: [ScreenEvent], next: InputMoment?, failedExit: Bool) {
        self.answer = answer
        self.lines = lines
        self.next = next
        self.failedExit = failedExit
        saysError = lines.contains { ScreenText.isErrorLine($0.text) }
        refusal = saysError ? nil : Self.refusal(lines: lines, next: next, failedExit: failedExit)
    }

    /// How the program refused the answer, if it did.
    enum Refusal: Equatable {
        /// A bare `?` (ed): refused, with nothing said about why.
        case bare(ScreenEvent)
        /// A usage line, and no error said: the program names its syntax, not what was wrong.
        case usage(ScreenEvent)
        /// The program ended with a failure right after the answer and said nothing.
        case silentExit
    }

    /// The answers of a recording, each with what followed it.
    static func all(_ timeline: ScreenTimeline) -> [AnswerReply] {
        timeline.derived[AnswerReply.self] ?? compute(timeline)
    }

    static func compute(_ timeline: ScreenTimeline) -> [AnswerReply] {
        let inputs = timeline.personInputs
        // Read in place: a copy of the appeared events of a long recording cost more than the whole reading.
        let events = timeline.events
        var replies: [AnswerReply] = []
        var typed = ""
        var cursor = 0
        var refusedBefore = false
        for (index, input) in inputs.enumerated() {
            let sends = input.key == "enter" || input.data.contains(where: { $0 == "\r" || $0 == "\n" })
            if input.key == nil { typed += input.data.prefix { $0 != "\r" && $0 != "\n" } }
            guard sends else { continue }
            let next = index + 1 < inputs.count ? inputs[index + 1] : nil
            let until = next?.place.offset ?? Int.max
            while cursor < events.count, events[cursor].place.offset < input.place.offset { cursor += 1 }
            var lines: [ScreenEvent] = []
            var scan = cursor
            let answer = typed.trimmingBlanks
            while scan < events.count, events[scan].place.offset < until {
                // Blank rows and the echo skipped without trimming every row of a long output.
                let text = events[scan].text
                if events[scan].kind == .appeared, text.utf8.contains(where: { $0 != 0x20 }),
                    answer.isEmpty || text.utf8.count < answer.utf8.count || text.trimmingBlanks != answer
                {
                    lines.append(events[scan])
                }
                scan += 1
            }
            // A program that already refused an answer may exit in failure for that one (ed does): only a failure
            // after answers it took counts as refusing the last.
            let failedExit = next == nil && (timeline.exitStatus ?? 0) != 0 && !refusedBefore
            let reply = AnswerReply(answer: input, lines: lines, next: next, failedExit: failedExit)
            refusedBefore = refusedBefore || reply.saysError || reply.refusal != nil
            replies.append(reply)
            typed = ""
        }
        return replies
    }

    /// How the answer was refused without the error being said, if it was.
    private static func refusal(lines: [ScreenEvent], next: InputMoment?, failedExit: Bool) -> Refusal? {
        // The last line with words: a "?" written before it, or in the same output, is explained ("?" then
        // "Invalid address"), and it is not the next prompt when the next input waits on another row or at its
        // start.
        let lastWords = lines.last { ScreenText.hasWords($0.text) }
        for line in lines where line.text.trimmingBlanks == "?" {
            if let lastWords, lastWords.place.offset >= line.place.offset { continue }
            guard let next, next.cursorRow == line.row else { return .bare(line) }
            if next.cursorColumn == 0 { return .bare(line) }
        }
        if let usage = lines.first(where: { ScreenText.isUsageLine($0.text) }) { return .usage(usage) }
        if failedExit, lastWords == nil { return .silentExit }
        return nil
    }
}
