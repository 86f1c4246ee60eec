import VozForm
import VozLocalization

/// One problem an audit found: which rule, how bad, where, and what to say about it.
public struct Finding: Sendable, Equatable, Hashable {
    /// The id of the rule that found it (`label-missing`).
    public var ruleID: String
    /// Usually the rule's severity; a rule may raise or lower it for one case (a `*` on an optional field).
    public var severity: AuditSeverity
    /// Where it is.
    public var location: AuditLocation
    /// What to say about it, translated when reported.
    public var message: AuditMessage

    /// A finding; rules make theirs with `AuditRuleInfo.finding(in:…)`.
    public init(ruleID: String, severity: AuditSeverity, location: AuditLocation, message: AuditMessage) {
        self.ruleID = ruleID
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// The message in `localizer`'s language; `{seconds}` is filled from the transcript time, written the way
    /// that language writes decimals.
    public func messageText(_ localizer: Localizer) -> String {
        var arguments = message.arguments
        if let time = location.time {
            arguments["seconds"] = AuditMessage.seconds(time, language: localizer.language)
        }
        return localizer.text(message.key, arguments)
    }

    /// Findings in report order: by file, then line, then time, then rule id.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        let left = lhs.location
        let right = rhs.location
        if left.file != right.file { return left.file < right.file }
        if left.line != right.line { return left.line < right.line }
        if (left.time ?? 0) != (right.time ?? 0) { return (left.time ?? 0) < (right.time ?? 0) }
        return lhs.ruleID < rhs.ruleID
    }
}

/// Where a finding points: a file and line, and the field or transcript time it concerns.
public struct AuditLocation: Sendable, Equatable, Hashable {
    /// The file's path as it was given.
    public var file: String
    /// 1-based line in that file.
    public var line: Int
    /// The field's id (or `submit`), when the finding concerns one.
    public var field: String?
    /// Milliseconds since the session (or recording) started, for a transcript or recording finding.
    public var time: Int?
    /// 1-based screen row, for a recording finding.
    public var row: Int?
    /// Bytes of the recording's output before the event, for a recording finding.
    public var offset: Int?

    /// A place at `line` of `file`, with whatever else the finding concerns.
    public init(
        file: String, line: Int, field: String? = nil, time: Int? = nil, row: Int? = nil, offset: Int? = nil
    ) {
        self.file = file
        self.line = line
        self.field = field
        self.time = time
        self.row = row
        self.offset = offset
    }
}

/// A finding's message as a catalog key and its arguments, so every report says it in the auditor's language.
public struct AuditMessage: Sendable, Equatable, Hashable {
    /// The catalog key, `audit.<id>.<variant>`.
    public var key: String
    /// The values of the phrase's `{placeholders}`, by name.
    public var arguments: [String: String]

    /// The phrase `key` with these arguments.
    public init(key: String, arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    /// Milliseconds as seconds with one decimal, with the language's decimal mark ("3.2", "3,2").
    public static func seconds(_ milliseconds: Int, language: Language) -> String {
        let tenths = (milliseconds + 50) / 100
        let separator = AnswerText.decimalMark(language)
        return "\(tenths / 10)\(separator)\(tenths % 10)"
    }
}
