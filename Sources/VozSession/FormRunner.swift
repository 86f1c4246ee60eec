import Foundation
import VozAnnouncer
import VozForm
import VozLocalization
import VozReplies
import VozSubmission
import VozSupport

/// Runs a form on the real terminal, as `voz run` does: one call, with everything a person who listens needs.
///
/// By default a run reads the terminal with echo off for secrets, turns Ctrl-C and end of input into a kept
/// draft, speaks in the user's language, keeps drafts under the tool's own name in XDG state, refuses to send
/// secrets over plain HTTP to another machine, and prints every message as a plain line for the user's screen
/// reader. Every piece can be replaced: input, output, transport, technical log, speech and clock.
///
/// ```swift
/// let outcome = try await FormRunner(speech: .textOnly).run(form)
/// ```
///
/// `voz run` and `voz demo` are this, wired from their options.
public struct FormRunner: Sendable {
    /// Where drafts are kept.
    public enum Drafts: Sendable, Equatable {
        /// `$XDG_STATE_HOME/<tool>/drafts` (`~/.local/state/<tool>/drafts`), the tool named by `host`.
        case standard
        /// In this folder.
        case folder(String)
        /// No answers: none offered back, none written down (`voz run --no-draft`). An unanswered send is still kept
        /// where `.standard` keeps drafts, as a key, a time and a fingerprint without any value: it is safety, not
        /// a draft, and the same data sent again in a later run must go under its key.
        case none
    }

    /// The program the messages name, and whether they advise options or environment variables.
    public var host: HostTool
    /// What speaks: `.textOnly`, an engine, or with VozSpeech `.automatic` (as `voz --speech auto` chooses).
    public var speech: SpeechChoice
    /// Where answers come from; nil reads standard input, with echo off for secrets at a terminal.
    public var input: (any LineSource)?
    /// Where every message goes as one plain line.
    public var output: any LineSink
    /// How the form travels.
    public var transport: any Transport
    /// Where raw server replies and technical detail go; nil keeps none unless `logPath` names a file.
    public var technicalLog: (any TechnicalLogging)?
    /// A file for the technical log (JSON Lines, secrets redacted), opened when the run starts.
    public var logPath: String?
    /// A file for the transcript of what was said and typed, for an audit (`voz audit --transcript`).
    public var transcriptPath: String?
    /// Whether a transcript file that already holds something is emptied and written again; by default the run
    /// refuses to start (`FormRunError.Reason.transcriptExists`): a transcript is evidence, never lost unasked.
    public var replacesTranscript: Bool
    /// The session's language; nil takes the form's locale, then the user's (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    public var language: Language?
    /// The language of the sentences that stop a run before it starts (an option, a file or an answer given on the
    /// command line, a form it cannot send); nil says them in the session's. A command-line tool sets its user's
    /// (`LC_ALL`, `LC_MESSAGES`, `LANG`): the person who typed the command reads them, whatever the form's
    /// language.
    public var errorLanguage: Language?
    /// Where the user's settings come from: speech, locale, XDG folders, header variables.
    public var environment: [String: String]
    /// Where drafts are kept: under the tool's name by default.
    public var drafts: Drafts
    /// Answers given in advance, by field id, as typed (`voz run --set id=value`).
    public var presetAnswers: [String: String]
    /// The rules every send keeps. The one way around one is by its name:
    /// `SendingPolicy.allowingSecretsOverPlainHTTP`.
    public var policy: SendingPolicy
    /// Whether Ctrl-C, SIGTERM and a closed terminal end the run with a kept draft; their earlier handlers come back
    /// when it ends.
    public var handlesSignals: Bool
    /// What timeouts, reminders and retry waits measure with.
    public var clock: any Clock<Duration>
    /// A sentence said before the form, in the session's language (`voz demo` names what to try).
    public var preamble: (@Sendable (Localizer) -> String)?

    /// A runner with every default; `speech` is the one choice to make, since the text-only library has no
    /// engine to choose for the user.
    public init(speech: SpeechChoice) {
        host = .currentProcess()
        self.speech = speech
        input = nil
        output = StandardOutputLines()
        transport = CurlTransport()
        technicalLog = nil
        logPath = nil
        transcriptPath = nil
        replacesTranscript = false
        language = nil
        errorLanguage = nil
        environment = ProcessInfo.processInfo.environment
        drafts = .standard
        presetAnswers = [:]
        policy = .standard
        handlesSignals = true
        clock = ContinuousClock()
        preamble = nil
    }

    /// Set by `voz`: once a run ends, a second Ctrl-C is ignored rather than handled as before, so its own
    /// clean-up (the demo service's temporary database) is not cut short.
    package var ignoresSignalsAfterwards = false

    // MARK: - Running

    /// Runs `form` to its end: sent, rejected, failed for now, left, or interrupted.
    ///
    /// - Throws: `FormRunError`, one sentence in the user's language, when the run cannot start: the form would
    ///   break a sending rule, a header's environment variable is not set, an answer given in advance names no
    ///   field, speech, the transcript or the log cannot be opened, or another run has the same form open. Nothing
    ///   has been said or sent then.
    public func run(_ form: Form) async throws(FormRunError) -> FormOutcome {
        var form = form
        let localizer = Localizer(
            language: language ?? Language.resolve(formLocale: form.locale, environment: environment),
            overrides: form.messages, host: host)
        let errors = errorLanguage.map { Localizer(language: $0, host: host) } ?? localizer
        try check(&form, localizer: errors)
        // Another run holding the draft is no mistake of the command line: it is said as the session would say it.
        let hold = try holdDraft(of: form, localizer: localizer)
        let session = try await makeSession(form, localizer: localizer, errors: errors)
        let watcher =
            handlesSignals ? SignalWatcher(onContinue: { session.resumed() }, { session.interrupt() }) : nil
        let result = await session.run()
        watcher?.cancel(ignoringLater: ignoresSignalsAfterwards)
        withExtendedLifetime(hold) {}
        TerminalModes.shared.restore()
        var outcome = FormOutcome(
            result: result, state: await session.submissionState, values: await session.values, form: form)
        outcome.unsent = FormAnswers(values: await session.unsentValues)
        return outcome
    }

    /// A runner with `speech` and every other default, changed by `configure`, run on `form`: what each umbrella's
    /// `Form.run` is, with its own speech.
    package static func run(
        _ form: Form, speech: SpeechChoice, _ configure: (inout FormRunner) -> Void
    ) async throws(FormRunError) -> FormOutcome {
        var runner = FormRunner(speech: speech)
        configure(&runner)
        return try await runner.run(form)
    }

    /// The refusals that come before anything is said: sending rules, header variables, answers given in advance.
    private func check(_ form: inout Form, localizer: Localizer) throws(FormRunError) {
        if let missing = form.submit.resolveHeaders(from: environment) {
            throw FormRunError(
                .headerVariableMissing(header: missing.header, variable: missing.variable),
                message: localizer.text(
                    "usage.headerVariable", ["header": missing.header, "variable": missing.variable]))
        }
        if let violation = policy.check(form) {
            throw FormRunError(.unsafe(violation), message: violation.message(localizer))
        }
        for id in presetAnswers.keys.sorted() where form.field(id: id) == nil {
            let ids = form.fields.map(\.id).joined(separator: ", ")
            throw FormRunError(
                .unknownField(id), message: localizer.text("usage.unknownPreset", ["field": id, "fields": ids]))
        }
        let preset = form.fields.filter { presetAnswers[$0.id] != nil }
        if let sensitive = preset.first(where: \.isSensitive) {
            throw FormRunError(
                .sensitivePreset(sensitive.id),
                message: localizer.text("usage.sensitivePreset", ["field": sensitive.id, "label": sensitive.label]))
        }
        // Unattended, a refused answer would only come back as "required" at the end: each is said now, and the run
        // does not start. At a terminal the session says them and asks those fields.
        guard !(input ?? TerminalLineSource.standardInput).isInteractive else { return }
        let refusals = Self.presetRefusals(presetAnswers, in: form, localizer: localizer)
        if !refusals.isEmpty {
            throw FormRunError(
                .invalidPresets(refusals.map(\.field)), message: refusals.map(\.line).joined(separator: "\n"))
        }
    }

    /// Each answer given in advance that its field refuses, in form order, with its one line.
    static func presetRefusals(
        _ presets: [String: String], in form: Form, localizer: Localizer
    ) -> [(field: String, line: String)] {
        let validator = FieldValidator(localizer: localizer)
        return form.fields.compactMap { field in
            guard let typed = presets[field.id] else { return nil }
            do throws(ValidationError) {
                _ = try validator.parse(typed, for: field)
                return nil
            } catch {
                return (field.id, presetRefusal(field: field.id, reason: error.message, localizer))
            }
        }
    }

    /// The one line that says an answer given in advance for `field` was refused, and why.
    static func presetRefusal(field: String, reason: String, _ localizer: Localizer) -> String {
        localizer.text("usage.invalidPreset", ["field": field, "reason": reason])
    }
}
