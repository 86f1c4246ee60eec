import VozTranscript

/// After a failed submission the focus goes to the first failing field in form order (or stays on the submit
/// control after a transient failure, ready for a retry), never to an arbitrary field.
package struct FocusAfterFailureRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "focus-not-first-error", name: "FocusNotFirstError", criterion: .focusOrder, severity: .serious,
        scope: .transcript)

    package init() {}

    package func check(_ transcript: Transcript) -> RuleCheck {
        // Each field's place in form order, the first when an id repeats (as `firstIndex(of:)` finds it).
        let order = transcript.fieldOrder.enumerated().reduce(into: [String: Int]()) {
            if $0[$1.element] == nil { $0[$1.element] = $1.offset }
        }
        var applicable = false
        var violations: [Finding] = []
        var incomplete: [Finding] = []
        // Where the focus stood at each failure, carried forward in one pass rather than searched back for.
        var focusAt = FocusTracker(events: transcript.events)
        for failure in transcript.failures {
            let focusBefore = focusAt.field(atOrBefore: failure.index)
            guard let expected = expectedFocus(after: failure, order: order) else { continue }
            applicable = true
            guard let actual = focus(after: failure, in: transcript, focusBefore: focusBefore) else {
                incomplete.append(
                    info.finding(
                        in: transcript, event: failure.index, field: expected, variant: "unknown",
                        arguments: ["expected": expected]))
                continue
            }
            if actual.field != expected {
                violations.append(
                    info.finding(
                        in: transcript, event: actual.index, field: actual.field,
                        arguments: ["expected": expected, "actual": actual.field]))
            }
        }
        return applicable ? .checked(violations, incomplete: incomplete) : .inapplicable
    }

    // MARK: - Focus

    /// The first failing field in form order; `submit` after a transient failure with no field errors.
    private func expectedFocus(after failure: Transcript.Failure, order: [String: Int]) -> String? {
        if failure.fields.isEmpty { return failure.kind == .transient ? "submit" : nil }
        return failure.fields.min { (order[$0] ?? Int.max) < (order[$1] ?? Int.max) }
    }

    /// Where the focus went after the failure: the first focus move before the user typed, else where it was.
    private func focus(after failure: Transcript.Failure, in transcript: Transcript, focusBefore: String?)
        -> (index: Int, field: String)?
    {
        let events = transcript.events
        if let move = failure.followingEvents.first(where: { events[$0].kind == .focus && events[$0].focus != nil }),
            let field = events[move].focus
        {
            return (move, field)
        }
        return focusBefore.map { (failure.index, $0) }
    }

    /// The field of the last focus move at or before an event, for events asked about in increasing order.
    private struct FocusTracker {
        let events: [TranscriptEvent]
        private var next = 0
        private var last: String?

        init(events: [TranscriptEvent]) {
            self.events = events
        }

        mutating func field(atOrBefore index: Int) -> String? {
            while next <= index, next < events.count {
                if events[next].kind == .focus, let field = events[next].focus { last = field }
                next += 1
            }
            return last
        }
    }
}
