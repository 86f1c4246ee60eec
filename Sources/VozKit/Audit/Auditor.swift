/// Runs the audit rules over form documents and transcripts. Pure: reading the files is the caller's job.
public enum Auditor {
    /// Checks every form with every form rule and every transcript with every transcript rule.
    public static func audit(
        forms: [FormDocument],
        transcripts: [Transcript],
        formRules: [any FormRule] = AuditRules.form,
        transcriptRules: [any TranscriptRule] = AuditRules.transcript
    ) -> AuditResult {
        var checks: [AuditResult.Check] = []
        for rule in formRules {
            for document in forms {
                checks.append(AuditResult.Check(rule: rule.info, file: document.path, result: rule.check(document)))
            }
        }
        for rule in transcriptRules {
            for transcript in transcripts {
                checks.append(
                    AuditResult.Check(rule: rule.info, file: transcript.path, result: rule.check(transcript)))
            }
        }
        let files = forms.map(\.path) + transcripts.map(\.path)
        return AuditResult(rules: formRules.map(\.info) + transcriptRules.map(\.info), files: files, checks: checks)
    }
}
