import VozAudit
import VozForm
import VozLocalization

/// The audit of a form written in code, by the same rules `voz audit` applies to form files.
public enum FormCheck {
    /// The findings of every form rule on `form` at `minimum` severity or above, in report order.
    public static func findings(_ form: Form, minimum: AuditSeverity = .serious) -> [Finding] {
        let document = FormDocument(path: "the form \(form.title)", form: form, sourceMap: SourceMap())
        let result = Auditor.audit(forms: [document], transcripts: [])
        return result.checks.flatMap(\.result.violations).filter { $0.severity >= minimum }
            .sorted(by: Finding.reportOrder)
    }

    /// What is wrong with `form` for its developer, one line a finding, or nil when nothing serious is: ids given
    /// twice, and the audit's serious and critical findings.
    public static func problems(_ form: Form, localizer: Localizer = Localizer(language: .en)) -> String? {
        var lines: [String] = []
        var seen: Set<String> = []
        for field in form.fields where !seen.insert(field.id).inserted {
            lines.append("Two fields have the id \(field.id): each needs its own, since it names the answer.")
        }
        for finding in findings(form) {
            lines.append("\(finding.messageText(localizer)) (\(finding.ruleID), \(finding.severity.rawValue))")
        }
        guard !lines.isEmpty else { return nil }
        return "The form \(form.title) cannot be heard as it is:\n" + lines.map { "- " + $0 }.joined(separator: "\n")
    }

    /// Stops a debug build with the problems of `form`, if it has any.
    static func assertHearable(_ form: Form) {
        if let problems = problems(form) { assertionFailure(problems) }
    }
}
