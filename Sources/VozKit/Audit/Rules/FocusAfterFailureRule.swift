/// After a failed submission the focus goes to the first failing field in form order (or stays on the submit
/// control after a transient failure, ready for a retry), never to an arbitrary field.
public struct FocusAfterFailureRule: TranscriptRule {
    public let info = AuditRuleInfo(
        id: "focus-not-first-error", name: "FocusNotFirstError", criterion: .focusOrder, severity: .serious,
        scope: .transcript)

    public init() {}

    public func check(_ transcript: Transcript) -> RuleCheck {
        let order = transcript.fieldOrder
        var applicable = false
        var violations: [Finding] = []
        var incomplete: [Finding] = []
        for failure in transcript.failures {
            guard let expected = expectedFocus(after: failure, order: order) else { continue }
            applicable = true
            guard let actual = focus(after: failure, in: transcript) else {
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
    private func expectedFocus(after failure: Transcript.Failure, order: [String]) -> String? {
        if failure.fields.isEmpty { return failure.detail == "transient" ? "submit" : nil }
        return failure.fields.min { (order.firstIndex(of: $0) ?? Int.max) < (order.firstIndex(of: $1) ?? Int.max) }
    }

    /// Where the focus went after the failure: the first focus move before the user typed, else where it was.
    private func focus(after failure: Transcript.Failure, in transcript: Transcript) -> (index: Int, field: String)? {
        let events = transcript.events
        if let move = failure.followingEvents.first(where: { events[$0].kind == .focus && events[$0].focus != nil }),
            let field = events[move].focus
        {
            return (move, field)
        }
        for index in stride(from: failure.index, through: 0, by: -1) {
            if events[index].kind == .focus, let field = events[index].focus { return (failure.index, field) }
        }
        return nil
    }
}
