import VozForm

/// A rule that reads a form file.
public protocol FormRule: Sendable {
    /// What the rule is: id, name, criterion, default severity and scope.
    var info: AuditRuleInfo { get }
    /// Checks one form; pure, so the same document always gives the same result.
    func check(_ document: FormDocument) -> RuleCheck
}

/// A rule that reads a session transcript.
public protocol TranscriptRule: Sendable {
    /// What the rule is: id, name, criterion, default severity and scope.
    var info: AuditRuleInfo { get }
    /// Checks one transcript; pure, so the same transcript always gives the same result.
    func check(_ transcript: Transcript) -> RuleCheck
}

/// What one rule concluded about one file.
public struct RuleCheck: Sendable, Equatable {
    /// False when the file has nothing the rule looks at (no choice field, no failed submission…).
    public var applicable: Bool
    /// What the rule found wrong; empty when the file passed.
    public var violations: [Finding]
    /// Cases the rule could not decide from the file alone; a person should look (axe-core's `incomplete`).
    public var incomplete: [Finding]

    /// A conclusion; `inapplicable` and `checked(_:incomplete:)` say the usual ones shorter.
    public init(applicable: Bool, violations: [Finding] = [], incomplete: [Finding] = []) {
        self.applicable = applicable
        self.violations = violations
        self.incomplete = incomplete
    }

    /// Nothing to look at in this file.
    public static let inapplicable = RuleCheck(applicable: false)

    /// Applicable, with these violations (none means it passed).
    public static func checked(_ violations: [Finding], incomplete: [Finding] = []) -> RuleCheck {
        RuleCheck(applicable: true, violations: violations, incomplete: incomplete)
    }
}

// MARK: - Building findings

extension AuditRuleInfo {
    /// A finding in a form file, at the line of `path` (`fields[2].label`), with message `audit.<id>.<variant>`.
    public func finding(
        in document: FormDocument,
        path: String,
        field: String?,
        variant: String = "message",
        arguments: [String: String] = [:],
        severity: AuditSeverity? = nil
    ) -> Finding {
        Finding(
            ruleID: id,
            severity: severity ?? self.severity,
            location: AuditLocation(file: document.path, line: document.sourceMap.line(for: path), field: field),
            message: AuditMessage(key: "audit.\(id).\(variant)", arguments: arguments)
        )
    }

    /// A finding at event `index` of a transcript, with message `audit.<id>.<variant>`.
    public func finding(
        in transcript: Transcript,
        event index: Int,
        field: String? = nil,
        variant: String = "message",
        arguments: [String: String] = [:],
        severity: AuditSeverity? = nil
    ) -> Finding {
        let event = transcript.events[index]
        return Finding(
            ruleID: id,
            severity: severity ?? self.severity,
            location: AuditLocation(
                file: transcript.path, line: transcript.line(ofEvent: index), field: field ?? event.focus,
                time: event.time),
            message: AuditMessage(key: "audit.\(id).\(variant)", arguments: arguments)
        )
    }
}
