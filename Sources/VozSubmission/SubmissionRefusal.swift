import Foundation
import VozLocalization
import VozReplies

/// Why a submission command was not carried out; each reason is one sentence the session says (design §2.6: a
/// disabled control always carries its reason).
public enum SubmissionRefusal: Sendable, Equatable, CustomStringConvertible {
    /// Submit or retry while a request is in flight: the submit control is disabled.
    case busy
    /// A field change while a request is in flight; the session keeps the input for later.
    case editWhileSending
    /// Cancel (or a reply) when nothing is in flight.
    case notSending
    /// Retry before anything was sent.
    case nothingToRetry
    /// Retry after the server rejected the data: it would fail again.
    case retryNotOffered
    /// Submit after a transient failure: the same data goes again with `retry`, which keeps the key.
    case retryInstead
    /// Submit after the server rejected the data, before any field changed.
    case needsCorrection
    /// Anything after the server accepted the form.
    case alreadyCompleted
    /// Retry asked for earlier than the server allows, and the wait is longer than the form lets Voz wait alone.
    case retryWaitTooLong(seconds: Int)
    /// Submit when a URL path parameter would be empty: the request would go to another address.
    case emptyPathSegment(field: String)
    /// Submit of a request that breaks a rule of `SendingPolicy`: secrets in the clear, an unsafe header, a dot
    /// segment.
    case unsafe(SendingPolicy.Violation)
    /// Submit or retry whose pending attempt could not be written first (a full disk, a folder that may not be
    /// written): a send without its record could go twice.
    case notRecorded(PendingAttemptJournalFailure)

    /// The sentence that tells the user why, and what to do instead.
    ///
    /// - Parameter control: the submit control's label, named in the disabled reason.
    public func phrase(_ localizer: Localizer, control: String) -> String {
        switch self {
        case .busy: return localizer.text("submission.refused.busy", ["control": control])
        case .editWhileSending: return localizer.text("submission.refused.editWhileSending")
        case .notSending: return localizer.text("submission.refused.notSending")
        case .nothingToRetry: return localizer.text("submission.refused.nothingToRetry")
        case .retryNotOffered: return localizer.text("submission.refused.retryNotOffered")
        case .retryInstead: return localizer.text("submission.refused.retryInstead")
        case .needsCorrection: return localizer.text("submission.refused.needsCorrection")
        case .alreadyCompleted: return localizer.text("submission.refused.alreadyCompleted")
        case .retryWaitTooLong(let seconds):
            return localizer.text(
                "submission.refused.retryWaitTooLong", ["time": SpokenDuration.words(seconds: seconds, localizer)])
        case .emptyPathSegment(let field):
            return localizer.text("submission.refused.emptyPathSegment", ["field": field])
        case .unsafe(let violation):
            return violation.message(localizer)
        case .notRecorded(let failure):
            let key = "submission.refused.notRecorded.\(failure.cause.rawValue)"
            return localizer.text(key, ["folder": failure.folder])
        }
    }

    /// A stable name for logs and tests.
    public var description: String {
        switch self {
        case .busy: return "busy"
        case .editWhileSending: return "editWhileSending"
        case .notSending: return "notSending"
        case .nothingToRetry: return "nothingToRetry"
        case .retryNotOffered: return "retryNotOffered"
        case .retryInstead: return "retryInstead"
        case .needsCorrection: return "needsCorrection"
        case .alreadyCompleted: return "alreadyCompleted"
        case .retryWaitTooLong(let seconds): return "retryWaitTooLong(\(seconds)s)"
        case .emptyPathSegment(let field): return "emptyPathSegment(\(field))"
        case .unsafe(let violation): return "unsafe(\(violation))"
        case .notRecorded(let failure): return "notRecorded(\(failure))"
        }
    }
}
