/// Runs the audit rules over form documents and transcripts. Pure: reading the files is the caller's job.
public enum Auditor {
    /// Checks every form with every form rule and every transcript with every transcript rule.
    public static func audit(
        forms: [FormDocument],
        transcripts: [Transcript],
        formRules: [any FormRule] = AuditRules.form,
        transcriptRules: [any TranscriptRule] = AuditRules.transcript
    ) -> AuditResult {
        audit(
            forms: forms, transcripts: transcripts, recordings: [], formRules: formRules,
            transcriptRules: transcriptRules, recordingRules: [])
    }

    /// Checks forms, transcripts and replayed terminal recordings, each with its own rules.
    public static func audit(
        forms: [FormDocument],
        transcripts: [Transcript],
        recordings: [ScreenTimeline],
        formRules: [any FormRule] = AuditRules.form,
        transcriptRules: [any TranscriptRule] = AuditRules.transcript,
        recordingRules: [any RecordingRule] = AuditRules.recording
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
        for rule in recordingRules {
            for timeline in recordings {
                checks.append(AuditResult.Check(rule: rule.info, file: timeline.path, result: rule.check(timeline)))
            }
        }
        let files = forms.map(\.path) + transcripts.map(\.path) + recordings.map(\.path)
        let rules = AuditRules.unique(formRules.map(\.info) + transcriptRules.map(\.info) + recordingRules.map(\.info))
        return AuditResult(rules: rules, files: files, checks: checks)
    }
}
