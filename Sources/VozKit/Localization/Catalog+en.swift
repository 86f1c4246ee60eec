// swift-format-ignore-file: phrases are kept one a line however long, so translators can compare them.
// The English message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let english: [String: String] = [
        // MARK: - Form
        // MARK: - Validation
        // MARK: - Accessibility
        // MARK: - Submission
        // MARK: - Server
        // MARK: - Speech
        // MARK: - Session
        "session.greeting": "Form {title}. {counts}. Type :help to hear the commands.",
        "session.fieldCount.one": "1 field, {required} required",
        "session.fieldCount.other": "{count} fields, {required} required",
        "session.submitPrompt": "{label} button. Type {command} to send.",
        "session.submitPromptErrors": "{label} button. {count} fields still have errors; type {review} to hear them.",
        "session.onSubmit": "You are on the send button. Type {command} to send, or :go and a number to change a field.",
        "session.sending": "Sending",
        "session.retrying": "{busy} again.",
        "session.stillSending": "Still sending.",
        "session.deferred": "Noted. I will apply it when sending ends.",
        "session.localErrors.one": "Cannot send yet. There is 1 error.",
        "session.localErrors.other": "Cannot send yet. There are {count} errors.",
        "session.errorCount.one": "There is 1 error.",
        "session.errorCount.other": "There are {count} errors.",
        "session.retryOffer": "Type {command} to try again with the same data.",
        "session.retryOfferAfter.one": "You can retry in 1 second: type {command}.",
        "session.retryOfferAfter.other": "You can retry in {count} seconds: type {command}.",
        "session.permanentNext": "Correct the data with {go}, or type {quit} to leave.",
        "session.nothingToCancel": "Nothing is being sent.",
        "session.nothingToRepeat": "I have not said anything yet.",
        "session.goNotFound": "I cannot find the field {target}. Type a number from 1 to {total} or the field's name.",
        "session.unknownCommand": "I do not know the command {command}. Type :help to hear the commands.",
        "session.lineTooLong": "Answer too long: {count} characters. The limit is {maximum}. It was not kept.",
        "session.yesNo": "Answer yes or no.",
        "session.draft.offer.one": "There is a draft of this form with 1 answer. Restore it? Answer yes or no.",
        "session.draft.offer.other": "There is a draft of this form with {count} answers. Restore it? Answer yes or no.",
        "session.draft.restored.one": "Draft restored: 1 answer.",
        "session.draft.restored.other": "Draft restored: {count} answers.",
        "session.draft.discarded": "Draft discarded.",
        "session.confirmSend": "Send the form with {label}? Answer yes or no.",
        "session.sendDeclined": "Not sent. Change anything with :go, or type :submit when ready.",
        "session.review.start": "Review of {title}.",
        "session.endOfInput": "End of input. The form was not sent; a draft was saved.",
        "session.interrupted": "Interrupted. The form was not sent; a draft was saved.",
        "session.interruptedSending": "Interrupted while sending. It may or may not have arrived; the draft keeps the key to retry without duplicates.",
        "session.quit": "Leaving. The form was not sent; a draft was saved.",
        "session.where.field": "Field {position} of {total}, {label}. State: {state}.",
        "session.where.submit": "{label} button. State: {state}.",
        "session.state.idle": "not sent",
        "session.state.sending": "sending",
        "session.state.failed": "the last attempt failed",
        "session.state.completed": "sent",
        "session.help": "Commands: {commands}",
        "session.help.submit": "{command} sends the form.",
        "session.help.retry": "{command} tries again after a connection failure.",
        "session.help.cancel": "{command} stops waiting for a reply.",
        "session.help.next": "{command} moves to the next field.",
        "session.help.previous": "{command} goes back one.",
        "session.help.go": "{command} and a number or name goes to that field.",
        "session.help.review": "{command} reads every field.",
        "session.help.repeat": "{command} says the last line again.",
        "session.help.where": "{command} says where you are.",
        "session.help.help": "{command} lists the commands.",
        "session.help.quit": "{command} leaves and keeps a draft.",
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "en",
    ]
}
