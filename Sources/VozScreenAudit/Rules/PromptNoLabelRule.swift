import VozAudit
import VozTerminal

/// A prompt of only "> " or "? " asks for nothing a listener can name (WCAG 3.3.2).
package struct PromptNoLabelRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "prompt-no-label", name: "PromptNoLabel", criterion: .labelsOrInstructions, severity: .serious,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let asked = PromptMoments.answers(timeline)
        let choice = unlabelledChoice(timeline)
        guard !asked.isEmpty || choice != nil else { return .inapplicable }
        // A spinner's or a bar's last frame is not a question, even when it is the last line written.
        let frames = Set(ScreenUpdates.runs(timeline).map { $0.last.text.trimmingBlanks })
        let findings = asked.compactMap { moment -> Finding? in
            // A field drawn in a box: the box's edges are not part of what is asked.
            let prompt = String(moment.promptText.filter { !ScreenText.isDrawing($0) }).trimmingBlanks
            if ScreenText.hasWords(prompt) || ScreenText.isShellPrompt(prompt) { return nil }
            // A prompt right under numbered options asks for one of them (bash's select: "1) Apple" … "#? ").
            if ScreenText.hasNumberedOptions(Array(moment.screen.prefix(moment.cursorRow + 1))) { return nil }
            if prompt.isEmpty, Self.labelAbove(moment) { return nil }
            if !prompt.isEmpty, Self.underBanner(moment) { return nil }
            // The last line said above still names the prompt: a line-by-line program asks in a whole line and
            // waits on the next ("Your name:" then "> ").
            let label = moment.lastLineSaid.trimmingBlanks
            // Still on screen, and not a frame erased or redrawn since. A wrapped line spans rows, and a row drops
            // the blank it ended on: compared without blanks.
            let heard = !frames.contains(label) && Self.shows(moment.screen, label)
            if heard, ScreenText.hasWords(label), Self.asks(label) || (!prompt.isEmpty && label.hasSuffix(":")) {
                return nil
            }
            return info.finding(
                in: timeline, at: moment.place, row: moment.cursorRow,
                arguments: ["prompt": moment.promptText.trimmingBlanks])
        }
        return .checked(findings + [choice].compactMap { $0 })
    }

    // MARK: - Choices

    /// A menu answered with keys asks too: it needs a line with words above its options saying what is chosen
    /// (simple-term-menu's bare "> entry 1" list at the top of the screen names nothing). The options reach as
    /// high as the highest row the keys selected; words anywhere above it count as the label.
    func unlabelledChoice(_ timeline: ScreenTimeline) -> Finding? {
        let (moments, applicable) = Self.choices(timeline)
        guard applicable, let first = moments.first else { return nil }
        return info.finding(
            in: timeline, at: first.moment.place, row: first.row, variant: "choice",
            arguments: ["prompt": ScreenText.quoted(first.moment.screen[first.row].text)])
    }

    /// The moments a choice moved with no words above its highest selected row, and whether a choice was met.
    static func choices(_ timeline: ScreenTimeline) -> (unlabelled: [(moment: InputMoment, row: Int)], met: Bool) {
        let selections = ArrowKeyChoiceRule.choosing(timeline).moments.compactMap { moment -> (InputMoment, Int)? in
            let screen = moment.screen
            let row =
                StateByAttributeRule.focusedButton(screen)?.0
                ?? StateByAttributeRule.current(screen).flatMap { FocusNotAtCursorRule.inList($0, screen) ? $0 : nil }
            return row.map { (moment, $0) }
        }
        guard let top = selections.map(\.1).min() else { return ([], false) }
        let unlabelled = selections.filter { moment, _ in
            !moment.screen.prefix(top).contains { ScreenText.hasWords($0.text) }
        }
        return (unlabelled.map { (moment: $0.0, row: $0.1) }, true)
    }

    /// Whether a line asks for something: it ends as a question or a label does, or says what to type. A statement
    /// ("Deploying build 142.") names nothing to answer, though the program then waits on the next row.
    static func asks(_ line: String) -> Bool {
        let end = line.trimmingBlanks.last.map { ":?>)]".contains($0) } ?? false
        return end || ScreenText.mentions(line, ScreenText.suggestionWords)
            || ScreenText.mentions(line, ScreenText.askingWords)
    }

    /// Whether a field drawn in a box has its label on a row just above it, inside the box
    /// ("│ Host name for this machine: │" over "│ │ │").
    static func labelAbove(_ moment: InputMoment) -> Bool {
        let rows = moment.screen.prefix(max(0, moment.cursorRow)).suffix(3).reversed()
        guard
            let label = rows.map({ String($0.text.filter { !ScreenText.isDrawing($0) }).trimmingBlanks })
                .first(where: ScreenText.hasWords)
        else { return false }
        return asks(label)
    }

    /// Whether an interpreter's banner heads the screen, naming the program whose prompt this is ("Lua 5.4.4
    /// Copyright …", "Welcome to Node.js v20.20.2."): its `> ` is then that program's command line, as a shell's `$ `.
    static func underBanner(_ moment: InputMoment) -> Bool {
        guard let top = moment.screen.prefix(moment.cursorRow).first(where: { ScreenText.hasWords($0.text) }) else {
            return false
        }
        return top.text.split(separator: " ").contains { token in
            // A version: numbers joined by dots, perhaps after a `v` and before the sentence's full stop.
            var version = Substring(token.drop { $0 == "v" })
            while let last = version.last, !last.isNumber { version = version.dropLast() }
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count >= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        }
    }

    /// Whether the screen shows `line`, however it wrapped.
    static func shows(_ screen: [ScreenRow], _ line: String) -> Bool {
        screen.map(\.text).joined().filter { $0 != " " }.contains(line.filter { $0 != " " })
    }
}
