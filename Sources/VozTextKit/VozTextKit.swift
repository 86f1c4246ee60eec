// VozTextKit is the text-and-submission library: forms, the prompt loop, sending with its safety rules, the
// transcript and the form audit, with no speech engine, so it needs no speech library's headers. Every message is
// printed as a plain line for the user's own screen reader. Add the VozSpeech product for speech, or use VozKit.
@_exported import VozAccessibility
@_exported import VozAnnouncer
@_exported import VozAudit
@_exported import VozForm
@_exported import VozFormBuilder
@_exported import VozLocalization
@_exported import VozReplies
@_exported import VozSession
@_exported import VozSubmission
@_exported import VozSupport

extension Form {
    /// Runs the form on the terminal, text only: every message a plain line for the user's screen reader, secrets
    /// typed with echo off, Ctrl-C and end of input kept as a draft, the sending rules kept.
    ///
    /// `configure` changes any part of the run (`$0.transcriptPath = "signup.jsonl"`); with the VozSpeech product,
    /// `$0.speech = .automatic` speaks as `voz` does.
    ///
    /// - Throws: `FormRunError`, one sentence in the user's language, when the run cannot start.
    public func run(_ configure: (inout FormRunner) -> Void = { _ in }) async throws(FormRunError) -> FormOutcome {
        try await FormRunner.run(self, speech: .textOnly, configure)
    }
}
