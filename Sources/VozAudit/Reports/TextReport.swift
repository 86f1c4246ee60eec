import VozLocalization

/// The plain-text report: one finding a line, `file:line: severity: rule-id: message`, then one summary sentence.
///
/// Made to be heard: the place first (short), the severity and rule next, then the sentence that names the field.
public enum TextReport {
    /// The whole report, lines separated by newlines, without a trailing newline.
    public static func render(_ result: AuditResult, failOn: AuditSeverity, localizer: Localizer) -> String {
        var lines = result.violations.map { finding in
            line(finding, label: localizer.text("audit.severity.\(finding.severity.rawValue)"), localizer: localizer)
        }
        let review = localizer.text("audit.report.review")
        lines += result.incomplete.map { line($0, label: review, localizer: localizer) }
        lines.append(summary(result, failOn: failOn, localizer: localizer))
        return lines.joined(separator: "\n")
    }

    // MARK: - Lines

    static func line(_ finding: Finding, label: String, localizer: Localizer) -> String {
        var text =
            "\(finding.location.file):\(finding.location.line): \(label): \(finding.ruleID): "
            + finding.messageText(localizer)
        // A recording finding also names the screen row, so an auditor can find it when replaying.
        if let row = finding.location.row, let time = finding.location.time {
            let seconds = AuditMessage.seconds(time, language: localizer.language)
            text += " (" + localizer.text("audit.report.at", ["seconds": seconds, "row": String(row)]) + ")"
        }
        return text
    }

    /// "3 problems in 2 files: serious 2, minor 1. The audit fails: something is serious or worse."
    static func summary(_ result: AuditResult, failOn: AuditSeverity, localizer: Localizer) -> String {
        let files = localizer.plural("audit.report.files", count: result.files.count)
        let violations = result.violations
        var sentences: [String] = []
        if violations.isEmpty {
            sentences.append(localizer.text("audit.report.clean", ["files": files]))
        } else {
            let counts = result.counts
            let breakdown = AuditSeverity.allCases.reversed().compactMap { severity -> String? in
                guard let count = counts[severity] else { return nil }
                return "\(localizer.text("audit.severity.\(severity.rawValue)")) \(count)"
            }.joined(separator: ", ")
            let problems = localizer.plural("audit.report.problems", count: violations.count)
            sentences.append(
                localizer.text(
                    "audit.report.summary", ["problems": problems, "files": files, "breakdown": breakdown]))
        }
        if !result.incomplete.isEmpty {
            sentences.append(localizer.plural("audit.report.reviewCount", count: result.incomplete.count))
        }
        let threshold = localizer.text("audit.severity.\(failOn.rawValue)")
        let verdict = result.fails(atOrAbove: failOn) ? "audit.report.fails" : "audit.report.passes"
        sentences.append(localizer.text(verdict, ["threshold": threshold]))
        return sentences.joined(separator: " ")
    }
}
