// The English message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let english: [String: String] = [
        // MARK: - Form
        // MARK: - Validation
        // MARK: - Accessibility
        // MARK: - Submission
        "submission.sending": "Sending.",
        "submission.resending": "Sending again.",
        "submission.stillSending": "Still sending.",
        "submission.retryingIn": "Retrying in {time}.",
        "submission.retryCancelled": "Retry cancelled. Nothing was sent.",
        "submission.cancelled": "Sending cancelled. We don't know if it arrived; :retry is safe.",
        "submission.retry.offer": "Type :retry to send the same data again.",
        "submission.retry.after": "You can retry in {time}: type :retry.",
        "submission.retry.later": "The server asks to wait {time}. Type :retry later.",
        "submission.refused.busy": "{control} is unavailable while sending. Wait, or type :cancel.",
        "submission.refused.editWhileSending": "Fields can't change while sending. Wait, or type :cancel.",
        "submission.refused.notSending": "Nothing is being sent.",
        "submission.refused.nothingToRetry": "Nothing to retry: the form hasn't been sent yet.",
        "submission.refused.retryNotOffered":
            "Retrying won't help: the server rejected this data. Correct it and send again.",
        "submission.refused.retryInstead": "To send the same data again, type :retry.",
        "submission.refused.needsCorrection": "The server rejected this data. Change a field before sending.",
        "submission.refused.alreadyCompleted": "The form has already been sent.",
        "submission.refused.retryWaitTooLong": "Not yet: the server asks to wait {time}. Type :retry later.",
        "submission.duration.seconds.one": "{count} second",
        "submission.duration.seconds.other": "{count} seconds",
        "submission.duration.minutes.one": "{count} minute",
        "submission.duration.minutes.other": "{count} minutes",
        "submission.duration.hours.one": "{count} hour",
        "submission.duration.hours.other": "{count} hours",
        // MARK: - Server
        // MARK: - Speech
        // MARK: - Session
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "en",
    ]
}
