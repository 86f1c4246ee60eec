import Foundation
import Synchronization
import VozForm
import VozLocalization
import VozReplies

/// The values of the request in flight and every value the secret fields held before, shared between the session
/// (which sets them before sending) and the reply interpreter (which must recognise a secret the server echoes
/// back, the current one or an old one).
package final class SubmittedValues: Sendable {
    private let values = Mutex((FormValues(), [String]()))

    package init() {}

    package func set(_ newValues: FormValues, secretsHeld: [String]) {
        values.withLock { $0 = (newValues, secretsHeld) }
    }

    package func get() -> (values: FormValues, secretsHeld: [String]) {
        values.withLock { (values: $0.0, secretsHeld: $0.1) }
    }
}

/// Interprets replies with the values that were actually submitted, so secrets echoed by a server are redacted
/// from what is said and logged.
package struct SubmittedValuesInterpreter: ReplyInterpreting {
    let form: Form
    package let localizer: Localizer
    let log: (any TechnicalLogging)?
    let submitted: SubmittedValues

    package init(form: Form, localizer: Localizer, log: (any TechnicalLogging)?, submitted: SubmittedValues) {
        self.form = form
        self.localizer = localizer
        self.log = log
        self.submitted = submitted
    }

    private var interpreter: ReplyInterpreter {
        let (values, secretsHeld) = submitted.get()
        return ReplyInterpreter(
            form: form, localizer: localizer, submitted: values, formerSecrets: secretsHeld, log: log)
    }

    package func interpret(_ reply: HTTPReply) -> ReplyOutcome {
        interpreter.interpret(reply)
    }

    package func interpret(_ error: TransportError) -> ReplyOutcome {
        interpreter.interpret(error)
    }
}
