import VozForm

/// Runs the audit rules over form documents and transcripts. Pure: reading the files is the caller's job.
public enum Auditor {
    /// Checks every form with every form rule and every transcript with every transcript rule.
    public static func audit(
        forms: [FormDocument],
        transcripts: [Transcript],
        formRules: [any FormRule] = AuditRules.form,
        transcriptRules: [any TranscriptRule] = AuditRules.transcript
    ) -> AuditResult {
        AuditResult(
            rules: AuditRules.unique(formRules.map(\.info) + transcriptRules.map(\.info)),
            files: forms.map(\.path) + transcripts.map(\.path),
            checks: checks(
                forms: forms, transcripts: transcripts, formRules: formRules, transcriptRules: transcriptRules))
    }

    /// One check a rule and file, form rules first, in the order the rules and files are given.
    package static func checks(
        forms: [FormDocument], transcripts: [Transcript], formRules: [any FormRule],
        transcriptRules: [any TranscriptRule]
    ) -> [AuditResult.Check] {
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
        return checks
    }

    /// Starts reading what the rules read of every language (the catalogs' `audit.words.*`) on another thread,
    /// and returns at once: call it before work that leaves a core idle, such as reading forms or replaying a
    /// recording, so the rules find their words ready.
    public static func prepareWords() {
        AuditWords.readCatalogsAhead()
    }
}
