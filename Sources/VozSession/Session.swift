import Foundation
import VozAnnouncer
import VozForm
import VozLocalization
import VozReplies
import VozSubmission
import VozSupport

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

    // MARK: - State

    var model: SessionModel {
        // Each new value of a sensitive field is a secret the announcer looks for from the next line on.
        didSet {
            if model.secretsHeld.count != oldValue.secretsHeld.count {
                redaction.update(secretsHeld: model.secretsHeld)
            }
        }
    }
    /// The announcer's redactor: every line said, printed or recorded passes it.
    let redaction: RedactingAnnouncer
    /// A yes/no question waiting for its answer, when one is.
    var question: Question?
    /// The submission as the controller last reported it (what `beginSubmit` answered, then each progress event
    /// as it is handled): never worked out here, only read, so lines are judged against what the user was told.
    var submission = SubmissionStatus.idle
    /// Lines typed while sending that wait for the outcome, in order ("input typed while sending is not lost"),
    /// each with its number in the input.
    var deferredLines: [(number: Int, text: String)] = []
    /// Set while a line typed during a send runs, after its outcome.
    var runningTypedAhead = false
    /// How many lines have been read; the number of the line being handled is `lineNumber`, named when an
    /// answers file's line is refused.
    var linesRead = 0
    var lineNumber = 0
    var endOfInput = false
    var result: SessionResult?
    /// The draft found when the session began, offered back before the first question in a terminal.
    let foundDraft: Draft?
    /// The one writer of this form's draft (answers and pending attempts); nil keeps none.
    let drafts: DraftKeeper?
    /// The items of a list entered one per line so far, while the user is entering them.
    var listItems: [String]?
    /// The lines of a multiline answer typed so far, while the user is typing it (an empty line ends it).
    var multilineLines: [String]?
    /// The item of a repeatable group being answered, member by member.
    var groupEntry: GroupEntry?
    /// How many fields the user was last told the form has: "Field N of M" counts the fields that apply to the
    /// answers so far, and a change of M is said before the next prompt, never left to be noticed.
    var spokenFieldCount = 0
    /// Set when a send of data the server rejected was refused and the person was told that the same command again
    /// sends it anyway (the fix may be outside the form); it holds, whatever lines come between, until a value
    /// changes or another send begins.
    var resendOffered = false
    /// What the review question says first when the data to send are not an unanswered send's, while it waits.
    var sendWarning: String?
    /// The unanswered sends the person has heard of, this run, that a send of other data may be a second of them.
    /// A set, not a flag: a send left unanswered later in the run (`:cancelar`, then an edit) is warned of again.
    var warnedPending: Set<IdempotencyKey> = []
    /// What lines typed during a send that then succeeded would have changed: not sent, and kept for the outcome.
    public internal(set) var unsentValues = FormValues()
    /// Set once the person discarded the unanswered sends: nothing said from then on speaks of them.
    var pendingDiscarded = false
    /// How many unanswered sends of this form and destination the run began with: the ones the controller keeps
    /// (expired ones let go), so the number said at the start is the number `:descartar` forgets.
    let pendingAtStart: Int
    /// The labels of fields changed in the instant a waiting retry left, too late to call it off: said with the
    /// outcome as changes typed during a send are.
    var changedAsRetryLeft: [String] = []

    let events: AsyncStream<Event>
    let eventSink: AsyncStream<Event>.Continuation

    /// What wakes the session up.
    enum Event: Sendable {
        case line(String?)
        case progress(SubmissionProgress)
        case interrupt
        case resumed
    }

    /// A yes/no question the next line answers.
    enum Question: Sendable, Equatable {
        case restoreDraft(Draft)
        case confirmSend
        /// "¿Añadir invitado 2?" after an item of the group with this id.
        case addGroupItem(String)
    }

    /// A session over `form`, reading `input`, saying everything through `announcer` (every secret masked first),
    /// sending through `transport`, with raw replies for `log` when one is given. `FormRunner` wires one from
    /// defaults.
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
        redaction = RedactingAnnouncer(announcer, form: form, localizer: localizer)
        self.announcer = redaction
        self.options = options
        model = SessionModel(form: form)
        (events, eventSink) = AsyncStream.makeStream(of: Event.self)
        submitted = SubmittedValues()
        // Filed by form and destination: the same form aimed at another server never restores this one's answers.
        let store = options.drafts?.scoped(to: form.submit)
        let found = store?.load(formID: form.id)
        foundDraft = found
        let pending = PendingAttempt.current(found?.pendingAttempts ?? [], now: Date().timeIntervalSince1970)
        pendingAtStart = pending.count
        // In a terminal the restore question decides what becomes of earlier answers; a script never replaces
        // someone's answers it was not asked about, and a run that keeps no answers never writes any.
        drafts = store.map { store in
            DraftKeeper(
                store: store, formID: form.id, found: found,
                ownsAnswers: options.keepsAnswers && !(found?.hasAnswers ?? false))
        }
        controller = SubmissionController(
            form: form,
            transport: transport,
            interpreter: SubmittedValuesInterpreter(form: form, localizer: localizer, log: log, submitted: submitted),
            options: SubmissionController.Options(
                stillSendingAfter: options.stillSendingAfter, stillSendingEvery: options.stillSendingEvery,
                journal: drafts,
                fingerprintCost: options.fingerprintCost, clock: options.clock, policy: options.policy),
            pending: pending)
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

    /// The program was continued after a stop (Ctrl-Z, then `fg`): the terminal dropped what was typed of the
    /// line before the stop, so the question is asked again, saying so. Safe to call from a signal handler's queue.
    public nonisolated func resumed() {
        eventSink.yield(.resumed)
    }

    // MARK: - The loop

    /// Runs the session to its end.
    public func run() async -> SessionResult {
        await start()
        requestLine()
        for await event in events {
            switch event {
            case .line(let line?):
                linesRead += 1
                await handleLine(line, number: linesRead)
            case .line(nil):
                await handleEndOfInput()
            case .progress(let progress):
                await handle(progress)
            case .interrupt:
                await handleInterrupt()
            case .resumed:
                await handleResume()
            }
            // Once input is over only an outcome can still come; idle, nothing will, so the session ends now.
            if result == nil, endOfInput, !sending { await settle() }
            if let result {
                // Lines typed during a send that will never run are recorded as typed, whatever ended the run.
                await recordUnrunLines()
                // On disk before the run ends, and with it perhaps the process: the writer's thread does not hold
                // the process open.
                _ = await drafts?.flushed()
                await announcer.drain()
                eventSink.finish()
                return result
            }
            if case .line = event, !endOfInput { requestLine() }
        }
        return result ?? .inputEnded
    }

    // MARK: - What the run left

    /// The answers as they stand, parsed, by field id; secrets included, since they never leave memory from here.
    public var values: FormValues { valuesWithDefaults }

    /// The submission as the controller last reported it: `failed` when the session ended with a send refused or
    /// unanswered and nothing edited since.
    public var submissionState: SubmissionState { submission.state }

    /// Whether a send or a wait before a retry is under way, as last reported: the submit control is disabled.
    var sending: Bool { submission.isBusy }

    /// Whether a request is in flight, as last reported: a line typed now waits for its outcome, since the request
    /// left with the data from before it.
    var inFlight: Bool { sending && submission.state.isSending }

    /// Whether a retry waits out the time the server asked for: nothing has left yet, so a line typed now runs at
    /// once, and a change calls the retry off (its data are no longer the person's).
    var waitingToRetry: Bool { sending && !submission.state.isSending }

    /// Whether the next line read answers a secret field: nothing else is waiting for it first. Only `secret` fields
    /// are read with echo off; a card number is typed visibly, and is kept out of every file instead.
    var nextLineIsSecret: Bool {
        question == nil && !inFlight && model.focusedField?.isSecret == true
    }

    /// Asks the line source for one more line; the answer arrives as an event.
    private func requestLine() {
        let secret = nextLineIsSecret
        let source = input
        let sink = eventSink
        Task { sink.yield(.line(await source.readLine(secret: secret))) }
    }

    private func start() async {
        await record(.state, state: .idle)
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
        for refusal in applyPresets() {
            await say(refusal, .assertive)
        }
        if !options.keepsAnswers {
            // No answers asked back or spoken of, as the person chose; an unanswered send is still theirs to hear of.
            if options.interactive, pendingAtStart > 0, drafts != nil { await say(pendingSendNotice(), .polite) }
        } else if options.interactive, let draft = foundDraft, drafts != nil {
            if draft.hasAnswers {
                question = .restoreDraft(draft)
                await say(questionPrompt(.restoreDraft(draft)), .polite)
                return
            }
            // Nothing to restore, only a send still unanswered: said, not asked, since no answer changes it.
            if pendingAtStart > 0 { await say(pendingSendNotice(), .polite) }
        } else if let draft = foundDraft, draft.hasAnswers, drafts != nil {
            // An unattended run neither restores nor overwrites someone's answers; it says so once, first.
            await say(localizer.text("session.draft.notUsed"), .polite)
        }
        await promptFocus()
    }
}
