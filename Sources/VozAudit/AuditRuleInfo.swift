import VozLocalization

/// What an audit rule is: its id, name, criterion and default severity. Its sentences live in the catalog under
/// `audit.<id>.summary`, `audit.<id>.help` and `audit.<id>.<variant>` (the finding's message).
public struct AuditRuleInfo: Sendable, Equatable, Hashable {
    /// What a rule reads.
    public enum Scope: String, Sendable, Equatable, Hashable {
        /// A form file.
        case form
        /// A session transcript (JSON Lines).
        case transcript
        /// A terminal recording (asciicast), replayed through a terminal emulator.
        case recording
    }

    /// A stable kebab-case id, such as `label-missing`.
    public var id: String
    /// A stable PascalCase name, such as `MissingLabel` (SARIF's `name`).
    public var name: String
    /// The WCAG 2.2 criterion; nil for a best practice no criterion covers (a secret spoken or recorded).
    public var criterion: WCAGCriterion?
    /// How badly a finding of the rule hurts, unless a finding says otherwise.
    public var severity: AuditSeverity
    /// What kind of file the rule reads.
    public var scope: Scope

    /// A rule's description; its sentences must be in the catalog under `audit.<id>.…`.
    public init(id: String, name: String, criterion: WCAGCriterion?, severity: AuditSeverity, scope: Scope) {
        self.id = id
        self.name = name
        self.criterion = criterion
        self.severity = severity
        self.scope = scope
    }

    /// axe-core-style tags: the criterion's (`wcag2a`, `wcag332`) or `best-practice`, then `voz`.
    public var tags: [String] {
        (criterion?.tags ?? ["best-practice"]) + ["voz"]
    }

    // MARK: - Sentences

    /// One line saying what the rule wants (axe-core's `help`, SARIF's `shortDescription`).
    public func summary(_ localizer: Localizer) -> String {
        localizer.text("audit.\(id).summary")
    }

    /// The summary with the criterion it comes from (axe-core's `description`, SARIF's `fullDescription`).
    public func description(_ localizer: Localizer) -> String {
        guard let criterion else { return summary(localizer) + " " + localizer.text("audit.report.bestPractice") }
        return summary(localizer) + " " + localizer.text("audit.report.criterion", ["criterion": criterion.title])
    }

    /// How to fix a finding (SARIF's `help.text`).
    public func help(_ localizer: Localizer) -> String {
        localizer.text("audit.\(id).help")
    }
}
