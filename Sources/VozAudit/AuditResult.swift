/// Everything an audit concluded: which rules ran on which files, and what they found.
public struct AuditResult: Sendable, Equatable {
    /// One rule's conclusion about one file.
    public struct Check: Sendable, Equatable {
        /// The rule that ran.
        public var rule: AuditRuleInfo
        /// The file it read, as given.
        public var file: String
        /// What it concluded.
        public var result: RuleCheck

        /// The conclusion `result` of `rule` about `file`.
        public init(rule: AuditRuleInfo, file: String, result: RuleCheck) {
            self.rule = rule
            self.file = file
            self.result = result
        }
    }

    /// Every rule that ran, in order.
    public var rules: [AuditRuleInfo]
    /// Every file audited, in the order given.
    public var files: [String]
    /// Each rule's conclusion about each file of the kind it reads, inapplicable ones included, in the order run.
    public var checks: [Check]

    /// A result of these rules over these files.
    public init(rules: [AuditRuleInfo], files: [String], checks: [Check]) {
        self.rules = rules
        self.files = files
        self.checks = checks
    }

    // MARK: - Findings

    /// Every violation, sorted by file, then line.
    public var violations: [Finding] {
        checks.flatMap(\.result.violations).sorted(by: Finding.reportOrder)
    }

    /// Every case a person must review, sorted by file, then line.
    public var incomplete: [Finding] {
        checks.flatMap(\.result.incomplete).sorted(by: Finding.reportOrder)
    }

    /// How many violations there are of each severity.
    public var counts: [AuditSeverity: Int] {
        Dictionary(grouping: violations, by: \.severity).mapValues(\.count)
    }

    /// Whether anything at or above `threshold` was found: the audit fails (exit code 1).
    public func fails(atOrAbove threshold: AuditSeverity) -> Bool {
        violations.contains { $0.severity >= threshold }
    }

    /// The rule with this id, if it ran.
    public func rule(id: String) -> AuditRuleInfo? {
        rules.first { $0.id == id }
    }
}
