import VozAnnouncer
import VozSubmission

extension SubmissionProgress {
    /// The announcement for this progress, focused on the submit control that caused it.
    public var announcement: Announcement {
        Announcement(text, priority: priority, focus: "submit", state: state.phase)
    }
}
