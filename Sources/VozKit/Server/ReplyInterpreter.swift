import Foundation

/// Turns a server reply, or the reason no reply came, into a translated outcome for a form.
///
/// Placeholder classification by status only; the full decoding of design §6 replaces it.
public struct ReplyInterpreter: Sendable {
    public let form: Form
    public let localizer: Localizer

    public init(form: Form, localizer: Localizer) {
        self.form = form
        self.localizer = localizer
    }

    /// What this reply means for the submission.
    public func interpret(_ reply: HTTPReply) -> ReplyOutcome {
        if (200..<300).contains(reply.status) {
            return .success(Receipt(message: localizer.text("server.success")))
        }
        let transient = [408, 425, 429, 500, 502, 503, 504].contains(reply.status)
        return .failure(
            SubmissionFailure(
                kind: transient ? .transient : .permanent,
                message: localizer.text(transient ? "server.transient" : "server.permanent")))
    }

    /// What a transport error means for the submission.
    public func interpret(_ error: TransportError) -> ReplyOutcome {
        .failure(SubmissionFailure(kind: .transient, message: localizer.text("server.transient")))
    }
}
