import VozLocalization
import VozSupport

/// The JSON report, shaped like axe-core's results (`violations`, `passes`, `incomplete`, `inapplicable`), so
/// tools that read axe results can read Voz's.
///
/// A rule appears in `violations` with one node a finding; in `passes` with one node a file where it applied and
/// found nothing; in `incomplete` with one node a case to review; in `inapplicable` when no file gave it anything
/// to check.
public enum AxeReport {
    /// The report of `result` as JSON text, its sentences in `localizer`'s language.
    public static func render(_ result: AuditResult, localizer: Localizer) -> String {
        AuditJSON.encode(document(result, localizer: localizer))
    }

    // MARK: - Shape

    struct Document: Encodable {
        var testEngine: Engine
        var violations: [RuleEntry]
        var passes: [RuleEntry]
        var incomplete: [RuleEntry]
        var inapplicable: [RuleEntry]
    }

    struct Engine: Encodable {
        var name: String
        var version: String
    }

    struct RuleEntry: Encodable {
        var id: String
        /// The worst severity among the nodes; null for passes and inapplicable rules, as in axe-core.
        var impact: AuditSeverity?
        var tags: [String]
        var help: String
        var description: String
        var nodes: [Node]

        enum CodingKeys: String, CodingKey { case id, impact, tags, help, description, nodes }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(impact, forKey: .impact)
            try container.encode(tags, forKey: .tags)
            try container.encode(help, forKey: .help)
            try container.encode(description, forKey: .description)
            try container.encode(nodes, forKey: .nodes)
        }
    }

    struct Node: Encodable {
        var impact: AuditSeverity?
        var file: String
        var line: Int?
        var field: String?
        /// Milliseconds since the session started, for a transcript node.
        var time: Int?
        /// 1-based screen row and output byte offset, for a recording node.
        var row: Int?
        var offset: Int?
        /// axe-core's selector list; here the field id when there is one, else the file.
        var target: [String]
        var failureSummary: String?
    }

    // MARK: - Building

    static func document(_ result: AuditResult, localizer: Localizer) -> Document {
        var violations: [RuleEntry] = []
        var passes: [RuleEntry] = []
        var incomplete: [RuleEntry] = []
        var inapplicable: [RuleEntry] = []
        for rule in result.rules.sorted(by: { $0.id < $1.id }) {
            let checks = result.checks.filter { $0.rule.id == rule.id }
            let failed = checks.flatMap(\.result.violations).sorted(by: Finding.reportOrder)
            let unsure = checks.flatMap(\.result.incomplete).sorted(by: Finding.reportOrder)
            let passed = checks.filter { $0.result.applicable && $0.result.violations.isEmpty }
            if !failed.isEmpty {
                violations.append(entry(rule, nodes: failed.map { node($0, localizer) }, localizer: localizer))
            }
            if !passed.isEmpty {
                let nodes = passed.map { Node(file: $0.file, target: [$0.file]) }
                passes.append(entry(rule, nodes: nodes, localizer: localizer))
            }
            if !unsure.isEmpty {
                incomplete.append(entry(rule, nodes: unsure.map { node($0, localizer) }, localizer: localizer))
            }
            if !checks.contains(where: \.result.applicable) {
                inapplicable.append(entry(rule, nodes: [], localizer: localizer))
            }
        }
        return Document(
            testEngine: Engine(name: "voz", version: VozVersion.current), violations: violations, passes: passes,
            incomplete: incomplete, inapplicable: inapplicable)
    }

    private static func entry(_ rule: AuditRuleInfo, nodes: [Node], localizer: Localizer) -> RuleEntry {
        RuleEntry(
            id: rule.id, impact: nodes.compactMap(\.impact).max(), tags: rule.tags, help: rule.summary(localizer),
            description: rule.description(localizer), nodes: nodes)
    }

    private static func node(_ finding: Finding, _ localizer: Localizer) -> Node {
        let location = finding.location
        return Node(
            impact: finding.severity, file: location.file, line: location.line, field: location.field,
            time: location.time, row: location.row, offset: location.offset, target: [location.field ?? location.file],
            failureSummary: finding.messageText(localizer))
    }
}
