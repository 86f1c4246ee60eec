import Foundation
import Synchronization

/// The values of the request in flight, shared between the session (which sets them before sending) and the
/// reply interpreter (which must recognise a secret the server echoes back).
final class SubmittedValues: Sendable {
    private let values = Mutex(FormValues())

    func set(_ newValues: FormValues) {
        values.withLock { $0 = newValues }
    }

    func get() -> FormValues {
        values.withLock { $0 }
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
        ReplyInterpreter(form: form, localizer: localizer, submitted: submitted.get(), log: log)
    }

    func interpret(_ reply: HTTPReply) -> ReplyOutcome {
        interpreter.interpret(reply)
    }

    func interpret(_ error: TransportError) -> ReplyOutcome {
        interpreter.interpret(error)
    }
}
