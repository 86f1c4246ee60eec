import Foundation
import Synchronization
import VozKit
import VozTestSupport

/// The person the session explorer plays: answers what the session asks (valid, invalid, blank or a command, each
/// at random), and keeps the reference model of what they typed.
///
/// I1, nothing typed is lost: between two lines, every answer the session holds as typed is the last one the person
/// gave that field and the session accepted; a value leaves only by `:borrar` or a change the person made.
final class ExplorerPerson: LineSource {
    struct State {
        var random: SeededGenerator
        var lines: [String] = []
        /// The last accepted answer of each field, as typed; a field missing here is not checked (a blank line on an
        /// empty field takes the default, which the model does not know).
        var expected: [String: String?] = [:]
        var steps = 0
        var breaks: [String] = []
        var ended = false
        /// How many announcements had been made when the last line was typed: what came after answers it.
        var mark = 0
        /// What the session waited for when the last line was typed, and that line.
        var lastAwaiting: Session.Awaiting?
        var lastLine: String?
        /// The session's values and answers when the last line was typed, and the review read just before it when
        /// it answered "send?": what a request that line starts must carry (I3).
        var capture: SendCapture?
        /// The field lines of the last review read out, once the session asks "send?".
        var lastReview: [String] = []
        /// How many requests the server had when the person last heard that a send of other data may be a second
        /// of an unanswered one (I2); nil until they hear it.
        var warnedAt: Int?
        /// The last request a `:cancelar` typed during a send may have cut off: the one in flight, or the next when
        /// the line overtook it (a retry's request not yet arrived). Its reply never reached the person (I5).
        var cancelledAt: Int?
    }

    /// What a send started by the last line must carry.
    struct SendCapture {
        var values: FormValues
        var answers: [String: String]
        var review: [String]?
    }

    let state: Mutex<State>
    private let session: Mutex<Session?> = Mutex(nil)
    let form: Form
    let stepLimit: Int
    /// What the session said, with its kinds, to check against the model (I3, I5, I7).
    let announcer: ExplorerAnnouncer
    /// Whether a send of this run has had no answer that settled it, as the server knows (I5).
    let outcomeUnknown: @Sendable () -> Bool
    /// Whether the server holds a slow reply: the person types while the send waits (`:cancelar`, mostly).
    let slowReplyHeld: @Sendable () -> Bool
    /// How many requests the server has had, read when a warning is heard (I2).
    let requestsSoFar: @Sendable () -> Int
    /// Called when the person's input ends: a slow reply the server holds then ends with no reply, as a send does
    /// at its timeout (the explorer's clock never reaches one), so the session can end.
    let inputEnded: @Sendable () -> Void
    /// Whether the server itself answered the last request of the run (a 429 or a 503 included): then "the last
    /// send got no sure answer" is false (I5).
    let lastSendAnswered: @Sendable () -> Bool

    /// The draft's answers that "yes" to the restore question brings back.
    let draftAnswers: [String: String]

    /// A person who starts at an empty form (every answer checked to be empty until they type one), and who
    /// answers `draftAnswers` back with "yes" to the restore question.
    init(
        form: Form, random: SeededGenerator, draftAnswers: [String: String], stepLimit: Int,
        announcer: ExplorerAnnouncer, outcomeUnknown: @escaping @Sendable () -> Bool, answersFile: String? = nil,
        presets: Set<String> = [], slowReplyHeld: @escaping @Sendable () -> Bool = { false },
        requestsSoFar: @escaping @Sendable () -> Int = { 0 },
        lastSendAnswered: @escaping @Sendable () -> Bool = { false }, inputEnded: @escaping @Sendable () -> Void = {}
    ) {
        self.form = form
        self.announcer = announcer
        self.outcomeUnknown = outcomeUnknown
        self.slowReplyHeld = slowReplyHeld
        self.requestsSoFar = requestsSoFar
        self.lastSendAnswered = lastSendAnswered
        self.inputEnded = inputEnded
        self.stepLimit = stepLimit
        self.draftAnswers = draftAnswers
        self.answersFile = answersFile
        self.presets = presets
        // A field given with --set holds what the session made of it (applied, or refused and left empty): not
        // modelled until the person answers it.
        let empty = Dictionary(
            uniqueKeysWithValues: form.fields.filter { !presets.contains($0.id) }.map { ($0.id, String?.none) })
        state = Mutex(State(random: random, expected: empty))
    }

    /// The answers file the lines stand for, in a run that reads one: it stops at the first refused line.
    let answersFile: String?
    /// The fields given with --set.
    let presets: Set<String>

    func attach(_ session: Session) {
        self.session.withLock { $0 = session }
    }

    /// Lets the session go once its run is over: the session holds this person as its input, and the two holding
    /// each other would keep every run's session, and its open transcript, for the life of the process.
    func detach() {
        session.withLock { $0 = nil }
    }

    var lines: [String] { state.withLock { $0.lines } }
    var breaks: [String] { state.withLock { $0.breaks } }
    var steps: Int { state.withLock { $0.steps } }
    /// How many announcements had been made when the last line was typed.
    var mark: Int { state.withLock { $0.mark } }
    /// How many requests the server had when the person last heard the warning about other data; nil if never.
    var warnedAt: Int? { state.withLock { $0.warnedAt } }

    // MARK: - Pools

    static let secrets = ["Zq9-secreto-uno", "Zq9-secreto-dos"]
    static let valid: [String: [String]] = [
        "name": ["Ana Pérez", "Luis Gómez"],
        "email": ["ana@example.com", "eva@example.com"],
        "password": secrets,
        "coupon": ["VERANO25", "OTONO10"],
        "plan": ["1", "2", "3"],
        "terms": ["sí"],
    ]
    static let invalid: [String: [String]] = [
        "email": ["no-es-correo"], "password": ["corta"], "coupon": ["con espacios"], "plan": ["9"],
        "terms": ["quizá"],
    ]
    static let commands = [":revisar", ":donde", ":ayuda", ":repetir", ":noexiste"]
    /// What every warning that a send of other data may be a second says, one send or several.
    static let otherDataWarning = "llegó, este es"
    /// What is said of the last send when it got no answer, so it may have arrived.
    static let lastUnanswered = "El último envío no tuvo respuesta segura"

    // MARK: - Reading

    func readLine(secret: Bool) async -> String? {
        guard let session = session.withLock({ $0 }) else { return nil }
        // A person waits for the outcome of a send before typing on, unless the reply is slow: then they type while
        // it waits (`:cancelar`, mostly), and go on after.
        var awaiting = await session.awaiting
        for attempt in 0..<2_000 where awaiting == nil && !slowReplyHeld() {
            // Yielding first: the outcome of a send is usually one hop away, and a sleep would cost more than it.
            if attempt < 50 { await Task.yield() } else { try? await Task.sleep(for: .microseconds(200)) }
            awaiting = await session.awaiting
        }
        let answers = await session.typedAnswers
        let values = await session.values
        let mark = state.withLock { $0.mark }
        let said = announcer.announcements(since: mark)
        let unknown = outcomeUnknown()
        let requests = requestsSoFar()
        let answered = lastSendAnswered()
        let typed: String? = state.withLock { state in
            if answered, (state.cancelledAt ?? 0) < requests,
                let line = said.first(where: { $0.text.contains(Self.lastUnanswered) })
            {
                state.breaks.append(
                    "I5: \"\(line.text)\" said after the server answered the last send "
                        + "(after: \(state.lines.suffix(3).joined(separator: " / ")))")
            }
            // "This is not the send that got no answer: if that one arrived, this one is a second."
            if said.contains(where: { $0.text.contains(Self.otherDataWarning) }) { state.warnedAt = requests }
            if awaiting != nil {
                check(answers, &state)
                checkSaid(said, awaiting: awaiting, &state)
            }
            if unknown, let line = said.last(where: { Self.saysNotSent($0.text) }) {
                state.breaks.append(
                    "I5: \"\(line.text)\" said while a send of the run had no answer "
                        + "(after: \(state.lines.suffix(3).joined(separator: " / ")))")
            }
            if awaiting == .confirmSend { state.lastReview = Self.reviewLines(said) }
            let line = next(awaiting, session: session, &state)
            if awaiting == nil, line == ":cancelar" { state.cancelledAt = requests + 1 }
            state.mark = mark + said.count
            state.lastAwaiting = awaiting
            state.lastLine = line
            state.capture = SendCapture(
                values: values, answers: answers, review: awaiting == .confirmSend ? state.lastReview : nil)
            return line
        }
        if typed == nil { inputEnded() }
        return typed
    }

    private func check(_ answers: [String: String], _ state: inout State) {
        for (field, wanted) in state.expected where answers[field] != wanted {
            let shown = form.field(id: field)?.isSensitive == true ? "(hidden)" : "\(wanted ?? "nil")"
            state.breaks.append(
                "I1: \(field) holds \(answers[field] == nil ? "nothing" : "another value"), the person's last was \(shown) "
                    + "(after: \(state.lines.suffix(3).joined(separator: " / ")))")
            state.expected[field] = answers[field]
        }
    }

    private func next(_ awaiting: Session.Awaiting?, session: Session, _ state: inout State) -> String? {
        guard !state.ended else { return nil }
        state.steps += 1
        if state.steps > stepLimit || state.random.chance(1, in: 40) {
            state.ended = true
            return nil
        }
        if state.random.chance(1, in: 60) {
            state.ended = true
            session.interrupt()
            return nil
        }
        let line = choose(awaiting, &state)
        state.lines.append(line)
        return line
    }

    private func choose(_ awaiting: Session.Awaiting?, _ state: inout State) -> String {
        switch awaiting {
        case .restoreDraft?:
            let restore = state.random.chance(2, in: 3)
            for field in form.fields {
                let joined = [.list, .group, .multiline].contains(field.kind) || presets.contains(field.id)
                state.expected[field.id] =
                    joined ? nil : .some(restore && !field.isSensitive ? draftAnswers[field.id] : nil)
            }
            return restore ? "sí" : "no"
        case .confirmSend?:
            return state.random.pick(["sí", "sí", "sí", "no"])
        case .submit?:
            if state.random.chance(6, in: 10) { return ":enviar" }
            if state.random.chance(1, in: 3) { return ":reintentar" }
            return goSomewhere(&state)
        case .field(let index)?:
            return answer(form.fields[index], &state)
        case .listItem(let index)?, .multilineLine(let index)?:
            // The held value is the session's to join: the model stops checking the field from here on.
            state.expected[form.fields[index].id] = nil
            if state.random.chance(1, in: 2) { return "" }
            if state.random.chance(1, in: 5) { return state.random.pick(Self.commands + [":borrar", ":enviar"]) }
            return Self.validValue(form.fields[index], &state.random)
        case .groupMember(let index, let memberID)?:
            state.expected[form.fields[index].id] = nil
            guard let member = form.fields[index].members.first(where: { $0.id == memberID }) else { return "" }
            if state.random.chance(1, in: 8) { return state.random.pick(Self.commands + [":borrar", ":ir 1"]) }
            if state.random.chance(1, in: 8), let bad = Self.invalidValue(member) { return bad }
            return Self.validValue(member, &state.random)
        case .addAnother(let index)?:
            state.expected[form.fields[index].id] = nil
            if state.random.chance(1, in: 6) { return state.random.pick(Self.commands + [":enviar"]) }
            return state.random.pick(["sí", "no", "no", ""])
        case nil:
            return state.random.pick([":enviar", ":cancelar", ":cancelar", ":donde"])
        }
    }

    private func answer(_ field: Field, _ state: inout State) -> String {
        let roll = Int.random(in: 0..<100, using: &state.random)
        switch roll {
        case 0..<55:
            let value = Self.validValue(field, &state.random)
            // A list, a group or multiline text holds what the session joins of several lines: not modelled.
            state.expected[field.id] = [.list, .group, .multiline].contains(field.kind) ? nil : .some(value)
            return value
        case 55..<65:
            if let bad = Self.invalidValue(field) { return bad }
            return ":donde"
        case 65..<72:
            // A blank line keeps the answer, or takes the default of an empty field: not checked then.
            if state.expected[field.id] == nil || state.expected[field.id] == .some(nil) {
                state.expected[field.id] = nil
            }
            return ""
        case 72..<77:
            let empties = !field.required && ![.list, .group, .multiline].contains(field.kind)
            state.expected[field.id] = empties ? .some(nil) : nil
            return ":borrar"
        case 77..<85:
            return ":enviar"
        case 85..<92:
            return goSomewhere(&state)
        case 92..<94:
            state.ended = true
            return ":salir"
        default:
            return state.random.pick(Self.commands)
        }
    }

    private func goSomewhere(_ state: inout State) -> String {
        ":ir \(Int.random(in: 1...form.fields.count, using: &state.random))"
    }
}
