import VozForm
import VozTerminal

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
        checks += recordingChecks(recordings, recordingRules)
        let files = forms.map(\.path) + transcripts.map(\.path) + recordings.map(\.path)
        let rules = AuditRules.unique(formRules.map(\.info) + transcriptRules.map(\.info) + recordingRules.map(\.info))
        return AuditResult(rules: rules, files: files, checks: checks)
    }

    /// Starts reading what the rules read of every language (the catalogs' `audit.words.*`) on another thread,
    /// and returns at once: call it before work that leaves a core idle, such as reading forms or replaying a
    /// recording, so the rules find their words ready.
    public static func prepareWords() {
        AuditWords.readCatalogsAhead()
    }

    // MARK: - Recordings

    /// Every recording rule over every timeline, on as many threads as there are cores, in the order a sequential
    /// loop gives. A rule is pure over an immutable timeline (`RecordingRule.check`), so nothing is shared but the
    /// slots the results go to. A one-hour recording's 25 rules are a quarter of its audit: two cores halve that.
    static func recordingChecks(
        _ recordings: [ScreenTimeline], _ rules: [any RecordingRule]
    ) -> [AuditResult.Check] {
        let recordings = recordings.map { $0.derivingAuditFacts() }
        let pairs = rules.flatMap { rule in recordings.indices.map { (rule, $0) } }
        return pairs.concurrentMap { rule, index in
            AuditResult.Check(rule: rule.info, file: recordings[index].path, result: rule.check(recordings[index]))
        }
    }
}
