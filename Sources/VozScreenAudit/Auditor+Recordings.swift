import VozAudit
import VozForm
import VozSupport
import VozTerminal

extension Auditor {
    /// Checks forms, transcripts and replayed terminal recordings, each with its own rules.
    public static func audit(
        forms: [FormDocument],
        transcripts: [Transcript],
        recordings: [ScreenTimeline],
        formRules: [any FormRule] = AuditRules.form,
        transcriptRules: [any TranscriptRule] = AuditRules.transcript,
        recordingRules: [any RecordingRule] = AuditRules.recording
    ) -> AuditResult {
        let checks =
            checks(forms: forms, transcripts: transcripts, formRules: formRules, transcriptRules: transcriptRules)
            + recordingChecks(recordings, recordingRules)
        // A NO_COLOR run recorded beside a recording (`--no-color-check -o`) is a file of its own: findings cite it.
        let noColorRuns = recordings.compactMap { timeline in
            timeline.noColorRun.flatMap { $0.path == timeline.path ? nil : $0.path }
        }
        let files = forms.map(\.path) + transcripts.map(\.path) + recordings.map(\.path) + noColorRuns
        let rules = AuditRules.unique(formRules.map(\.info) + transcriptRules.map(\.info) + recordingRules.map(\.info))
        return AuditResult(rules: rules, files: files, checks: checks)
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
