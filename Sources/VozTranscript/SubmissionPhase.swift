/// A submission state without its data: what a transcript records of it (`"state": "failed"`) and the audit reads
/// back, one type for both.
public enum SubmissionPhase: String, Sendable, Equatable, Codable, CaseIterable {
    /// Nothing sent for the current values.
    case idle
    /// A request is in flight.
    case sending
    /// The last send failed.
    case failed
    /// The server accepted the submission.
    case completed
}
