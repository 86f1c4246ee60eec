// VozKit is the whole library, as `voz` uses it: every layer, re-exported, so a tool imports one module.
@_exported import VozAccessibility
@_exported import VozAnnouncer
@_exported import VozAudit
@_exported import VozForm
@_exported import VozFormBuilder
@_exported import VozLocalization
@_exported import VozOpenAPI
@_exported import VozReplies
@_exported import VozScreenAudit
@_exported import VozSession
@_exported import VozSpeech
@_exported import VozSubmission
@_exported import VozSupport
@_exported import VozTerminal
@_exported import VozWrap

extension Form {
    /// Runs the form on the terminal as `voz run` does: speech chosen as `--speech auto` chooses (honouring
    /// `VOZ_SPEECH`, `VOZ_VOICE`, `VOZ_RATE` and the config file), every message also a plain line for the user's
    /// screen reader, secrets typed with echo off, Ctrl-C and end of input kept as a draft under the tool's name,
    /// secrets never sent over plain HTTP to another machine.
    ///
    /// `configure` changes any part of the run: `$0.transcriptPath = "signup.jsonl"`, `$0.speech = .textOnly`.
    ///
    /// - Throws: `FormRunError`, one sentence in the user's language, when the run cannot start.
    public func run(_ configure: (inout FormRunner) -> Void = { _ in }) async throws(FormRunError) -> FormOutcome {
        try await FormRunner.run(self, speech: .automatic, configure)
    }
}
