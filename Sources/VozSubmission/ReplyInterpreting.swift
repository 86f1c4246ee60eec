import Foundation
import VozLocalization
import VozReplies

/// What the controller needs from reply decoding: a translated outcome for a reply or for the reason none came.
///
/// `ReplyInterpreter` (Server/) is the real one; the seam lets controller tests script outcomes the decoder
/// would produce from a particular server (a `Retry-After`, a reused idempotency key) without depending on it.
public protocol ReplyInterpreting: Sendable {
    /// The session's phrases, in its language.
    var localizer: Localizer { get }
    /// What this reply means for the submission.
    func interpret(_ reply: HTTPReply) -> ReplyOutcome
    /// What a transport error means for the submission.
    func interpret(_ error: TransportError) -> ReplyOutcome
}

extension ReplyInterpreter: ReplyInterpreting {}
