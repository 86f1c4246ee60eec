/// Whether a failed send may simply be sent again: what a transcript records of a failure (`"detail": "transient"`)
/// and the audit reads back, one type for both (`SubmissionFailure.Kind`).
public enum SubmissionFailureKind: String, Sendable, Equatable {
    /// Timeouts, lost connections, 408/425/429/5xx, a cancelled wait: retry with the same key.
    case transient
    /// Business rules, validation, duplicates, 4xx, TLS: the user must change something.
    case permanent
}
