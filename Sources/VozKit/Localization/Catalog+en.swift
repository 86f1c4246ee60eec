// The English message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let english: [String: String] = [
        // MARK: - Form
        // MARK: - Validation
        // MARK: - Accessibility
        // MARK: - Submission
        // MARK: - Server
        "server.success": "Form sent.",
        "server.fields.general": "The form could not be sent.",
        "server.errorCount.one": "There is {count} error.",
        "server.errorCount.other": "There are {count} errors.",
        "server.field.invalid": "The server does not accept this value. Check it.",
        "server.unknownField": "{name}: {message}",
        "server.report.field": "{label}: {message}",
        "server.rejected": "The server did not accept the data. Check it and send again.",
        "server.unauthorized": "The server asks you to identify yourself. Sign in and try again.",
        "server.forbidden": "The server does not allow you to send this form.",
        "server.notFound": "This form's destination does not exist. Tell whoever published it.",
        "server.conflict": "The server says this data clashes with data it already has. Check it.",
        "server.requestTooLarge": "The data is too large for the server. Shorten a field.",
        "server.permanent": "The server refused the submission.",
        "server.unexpected": "The server gave a reply Voz does not understand. It is not known whether it arrived.",
        "server.busy": "The server is busy. Try again in a moment.",
        "server.unavailable": "The server has a problem. Try again in a moment.",
        "server.timeout": "The server did not answer in time. You can retry: it will not be sent twice.",
        "server.cannotConnect": "We could not connect. Try again.",
        "server.connectionLost": "The connection dropped before the reply. You can retry: it will not be sent twice.",
        "server.offline": "There is no network connection. Connect and try again.",
        "server.dns": "The server cannot be found. Check the connection and try again.",
        "server.tls": "A secure connection to the server could not be made, so nothing was sent.",
        "server.cancelled": "Sending cancelled. It may or may not have arrived; you can retry without sending twice.",
        "server.replyTooLarge": "The server's reply is too large to read.",
        "server.idempotency.inFlight":
            "The server is still processing an earlier send of this data. Wait a moment and retry.",
        "server.idempotency.keyReused":
            "The server already received different data for this send. Check the form and send it again.",
        "server.retryAfter.seconds.one": "You can retry in {count} second.",
        "server.retryAfter.seconds.other": "You can retry in {count} seconds.",
        "server.retryAfter.minutes.one": "You can retry in {count} minute.",
        "server.retryAfter.minutes.other": "You can retry in {count} minutes.",
        "server.log.cannotCreateFolder": "The technical log's folder cannot be created: {path}.",
        "server.log.cannotOpen": "The technical log cannot be written at {path}.",
        // MARK: - Speech
        // MARK: - Session
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "en",
    ]
}
