import Foundation
import Synchronization
import VozForm
import VozLocalization
import VozReplies
import VozSubmission

/// The values of the request in flight and every value the secret fields held before, shared between the session
/// (which sets them before sending) and the reply interpreter (which must recognise a secret the server echoes
/// back, the current one or an old one).
final class SubmittedValues: Sendable {
    private let values = Mutex((FormValues(), [String]()))

    func set(_ newValues: FormValues, secretsHeld: [String]) {
        values.withLock { $0 = (newValues, secretsHeld) }
    }

    func get() -> (values: FormValues, secretsHeld: [String]) {
        values.withLock { (values: $0.0, secretsHeld: $0.1) }
    }
}

/// Interprets replies with the values that were actually submitted, so secrets echoed by a server are redacted
/// from what is said and logged.
struct SessionInterpreter: ReplyInterpreting {
    let form: Form
    let localizer: Localizer
    let log: (any TechnicalLogging)?
    let submitted: SubmittedValues

    private var interpreter: ReplyInterpreter {
        let (values, secretsHeld) = submitted.get()
        return ReplyInterpreter(
            form: form, localizer: localizer, submitted: values, formerSecrets: secretsHeld, log: log)
    }

    func interpret(_ reply: HTTPReply) -> ReplyOutcome {
        interpreter.interpret(reply)
    }

    func interpret(_ error: TransportError) -> ReplyOutcome {
        interpreter.interpret(error)
    }
}
