import VozAudit
import VozTerminal

/// A rule that reads what a screen reader meets in a terminal recording.
public protocol RecordingRule: Sendable {
    /// What the rule is: id, name, criterion, default severity and scope.
    var info: AuditRuleInfo { get }
    /// Checks one replayed recording; pure, so the same timeline always gives the same result.
    func check(_ timeline: ScreenTimeline) -> RuleCheck
}

// MARK: - Building findings

extension AuditRuleInfo {
    /// A finding in a recording at `place` (and screen `row`, 0-based), with message `audit.<id>.<variant>`;
    /// `{row}` is filled 1-based.
    public func finding(
        in timeline: ScreenTimeline,
        at place: ScreenTimeline.Place,
        row: Int? = nil,
        variant: String = "message",
        arguments: [String: String] = [:],
        severity: AuditSeverity? = nil,
        file: String? = nil
    ) -> Finding {
        var arguments = arguments
        if let row { arguments["row"] = String(row + 1) }
        return Finding(
            ruleID: id,
            severity: severity ?? self.severity,
            location: AuditLocation(
                file: file ?? timeline.path, line: place.line, time: place.time, row: row.map { $0 + 1 },
                offset: place.offset),
            message: AuditMessage(key: "audit.\(id).\(variant)", arguments: arguments)
        )
    }
}
