import VozAudit
import VozTerminal

/// Blinking text that lasts and a flashing screen distract, can trigger seizures, and a listener cannot know
/// what the sighted see pulse on the screen.
///
/// WCAG 2.2.2 asks for a way to stop blinking that lasts more than five seconds: text that blinks for less, or
/// whose blinking stops in answer to the user's key, passes. Blinking still on the screen when the recording ends
/// blinks on after it, so it counts as lasting. A visual bell always fails: it is a flash, not text to stop.
package struct BlinkOrFlashRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "blink-or-flash", name: "BlinkOrFlash", criterion: .pauseStopHide, severity: .serious, scope: .recording)

    /// Milliseconds of blinking WCAG 2.2.2 allows without a way to stop it.
    static let allowedBlink = 5_000

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var findings: [Finding] = []
        if let (blink, shortRecording) = Self.lastingBlink(in: timeline) {
            let text = blink.styled.first { $0.style.blink }?.text.trimmingBlanks ?? ""
            // A recording shorter than the allowance says why the blinking counts: it was still on at the end.
            findings.append(
                info.finding(
                    in: timeline, at: blink.place, row: blink.row, variant: shortRecording ? "atEnd" : "message",
                    arguments: ["text": text]))
        }
        let flashes = timeline.events(.reverseScreen)
        if let flash = flashes.first {
            findings.append(
                info.finding(
                    in: timeline, at: flash.place, variant: "flash", arguments: ["count": String(flashes.count)]))
        }
        return .checked(findings)
    }

    // MARK: - How long a row blinked

    /// The first row event that started blinking which lasted past the allowance and was not stopped by a key, and
    /// whether it counts only because it still blinked when the recording ended, before the allowance was up.
    static func lastingBlink(in timeline: ScreenTimeline) -> (ScreenEvent, atEnd: Bool)? {
        var blinking: [Int: ScreenEvent] = [:]
        var lasting: [(ScreenEvent, atEnd: Bool)] = []
        func end(_ row: Int, at event: ScreenEvent) {
            guard let start = blinking.removeValue(forKey: row) else { return }
            if event.place.time - start.place.time > allowedBlink && !event.afterInput {
                lasting.append((start, false))
            }
        }
        for event in timeline.events {
            switch event.kind {
            case .appeared, .rewritten, .erased:
                guard let row = event.row else { continue }
                if event.styled.contains(where: { $0.style.blink }) {
                    if blinking[row] == nil { blinking[row] = event }
                } else {
                    end(row, at: event)
                }
            case .cleared, .alternateScreenOn, .alternateScreenOff:
                for row in Array(blinking.keys) { end(row, at: event) }
            default:
                continue
            }
        }
        // What still blinks at the end blinks on after it, however short the recording.
        let stillBlinking = timeline.finalScreen.contains { $0.styled.contains { $0.style.blink } }
        for start in blinking.values {
            let recorded = timeline.endTime - start.place.time > allowedBlink
            if stillBlinking || recorded { lasting.append((start, !recorded)) }
        }
        return lasting.min { $0.0.place.offset < $1.0.place.offset }
    }
}
