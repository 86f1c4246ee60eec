import Foundation

/// The spoken session of design §5: asks each field as one line, reads one line per answer, runs commands,
/// sends the form, and moves focus by the focus rules — all through an injected line source and announcer, so
/// it runs the same in a terminal, from an answers file, or in a test.
public actor Session {
    // MARK: - Collaborators

    let localizer: Localizer
    let input: any LineSource
    let announcer: any Announcing
    let controller: SubmissionController
    /// The values of the request in flight, so the interpreter can keep an echoed secret out of every phrase.
    let submitted: SubmittedValues
    let options: SessionOptions
    let clock = ContinuousClock()

    // MARK: - State

    var model: SessionModel
    /// A yes/no question waiting for its answer, when one is.
    var question: Question?
    /// Whether a submission is in flight (the controller knows too; the loop needs it without awaiting).
    var sending = false
    /// Lines typed while sending that wait for the outcome, in order ("input typed while sending is not lost").
    var deferredLines: [String] = []
    /// `:cancelar` came before the controller had begun the send this session started; it applies once it has.
    var cancelWhenBegun = false
    var endOfInput = false
    var result: SessionResult?
    /// The submission state's name for the transcript and `:donde` (idle, sending, failed, completed).
    var stateName = "idle"
    /// The idempotency key of a request whose outcome is unknown, kept in the draft.
    var pendingKey: String?
    /// The items of a list entered one per line so far, while the user is entering them.
    var listItems: [String]?
    /// The item of a repeatable group being answered, member by member.
    var groupEntry: GroupEntry?
    /// How many fields the user was last told the form has: "Field N of M" counts the fields that apply to the
    /// answers so far, and a change of M is said before the next prompt, never left to be noticed.
    var spokenFieldCount = 0

    let events: AsyncStream<Event>
    let eventSink: AsyncStream<Event>.Continuation

    /// What wakes the session up.
    enum Event: Sendable {
        case line(String?)
        /// A submit or retry call returned; only a refusal needs saying (progress events carry the rest).
        case result(SubmissionResult)
        case progress(SubmissionProgress)
        case interrupt
    }

    /// A yes/no question the next line answers.
    enum Question: Sendable, Equatable {
        case restoreDraft(Draft)
        case confirmSend
        /// "¿Añadir invitado 2?" after an item of the group with this id.
        case addGroupItem(String)
    }

    public init(
        form: Form,
        localizer: Localizer,
        input: any LineSource,
        announcer: any Announcing,
        transport: any Transport,
        log: (any TechnicalLogging)? = nil,
        options: SessionOptions = SessionOptions()
    ) {
        self.localizer = localizer
        self.input = input
        self.announcer = announcer
        self.options = options
        model = SessionModel(form: form)
        (events, eventSink) = AsyncStream.makeStream(of: Event.self)
        submitted = SubmittedValues()
        controller = SubmissionController(
            form: form,
            transport: transport,
            interpreter: SessionInterpreter(form: form, localizer: localizer, log: log, submitted: submitted),
            options: SubmissionController.Options(
                stillSendingAfter: options.stillSendingAfter, stillSendingEvery: options.stillSendingEvery))
        let progress = controller.progress
        let sink = eventSink
        Task {
            for await event in progress { sink.yield(.progress(event)) }
        }
    }

    /// Stops the session as Ctrl-C does: the draft is saved and one line said. Safe to call from a signal handler's
    /// queue.
    public nonisolated func interrupt() {
        eventSink.yield(.interrupt)
    }

    // MARK: - The loop

    /// Runs the session to its end.
    public func run() async -> SessionResult {
        await start()
        requestLine()
        for await event in events {
            switch event {
            case .line(let line?):
                await handleLine(line)
            case .line(nil):
                await handleEndOfInput()
            case .result(.refused(let refusal)):
                await say(controller.phrase(for: refusal), .assertive)
                await settleRefusedStart()
            case .result(.finished):
                break
            case .progress(let progress):
                await handle(progress)
            case .interrupt:
                await handleInterrupt()
            }
            // Once input is over only an outcome can still come; idle, nothing will, so the session ends now.
            if result == nil, endOfInput, !sending { await settle() }
            if let result {
                await announcer.drain()
                eventSink.finish()
                return result
            }
            if case .line = event, !endOfInput { requestLine() }
        }
        return result ?? .notCompleted
    }

    /// Whether the next line read answers a secret field: nothing else is waiting for it first.
    var nextLineIsSecret: Bool {
        question == nil && !sending && model.focusedField?.isSecret == true
    }

    /// Asks the line source for one more line; the answer arrives as an event.
    private func requestLine() {
        let secret = nextLineIsSecret
        let source = input
        let sink = eventSink
        Task { sink.yield(.line(await source.readLine(secret: secret))) }
    }

    private func start() async {
        await record(.state, state: "idle")
        let form = model.form
        let asked = form.applicableFields(FormValues())
        let required = asked.filter(\.required).count
        let counts = localizer.plural("session.fieldCount", count: asked.count, ["required": String(required)])
        spokenFieldCount = asked.count
        // A form whose words are in another language (an API described in Spanish, Voz speaking English) has
        // them said with that language's voice.
        if let tag = form.labelsLocale, let labels = Language(localeTag: tag), labels != localizer.language {
            let options = form.fields.flatMap { $0.options.map(\.label) + $0.members.map(\.label) }
            await announcer.speak([form.title] + form.fields.map(\.label) + options, in: labels)
        }
        await say(localizer.text("session.greeting", ["title": form.title, "counts": counts]), .polite)
        applyPresets()
        if options.interactive, let drafts = options.drafts, let draft = drafts.load(formID: form.id),
            !draft.answers.isEmpty || draft.pendingKey != nil
        {
            question = .restoreDraft(draft)
            await say(questionPrompt(.restoreDraft(draft)), .polite)
            return
        }
        await promptFocus()
    }
}
