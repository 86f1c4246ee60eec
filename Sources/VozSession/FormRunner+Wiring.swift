import Foundation
import VozAnnouncer
import VozForm
import VozLocalization
import VozReplies
import VozSupport
import VozTranscript

// The session a run wires: input, speech, transcript, technical log and drafts, each from the runner's settings.
extension FormRunner {
    /// The session, speaking `localizer`'s language; a setting that cannot be opened is said in `errors`'.
    func makeSession(_ form: Form, localizer: Localizer, errors: Localizer) async throws(FormRunError) -> Session {
        let input = self.input ?? TerminalLineSource.standardInput
        let announcer = try await makeAnnouncer(localizer: localizer, errors: errors)
        let options = SessionOptions(
            presetAnswers: presetAnswers, drafts: draftStore, keepsAnswers: drafts != .none,
            interactive: input.isInteractive, clock: clock, policy: policy)
        return Session(
            form: form, localizer: localizer, input: input, announcer: announcer, transport: transport,
            log: try openLog(localizer: errors), options: options)
    }

    /// Speech, the printed lines and the transcript; the line saying what speech was chosen, and the preamble,
    /// said first.
    private func makeAnnouncer(localizer: Localizer, errors: Localizer) async throws(FormRunError) -> Announcer {
        let speech: SpeechOutput
        do throws(SpeechError) {
            speech = try await self.speech.open(SpeechChoice.Context(localizer: localizer, environment: environment))
        } catch {
            throw FormRunError(.speech(error), message: error.message(errors))
        }
        if let path = transcriptPath, !replacesTranscript, Self.holdsEvidence(path) {
            throw FormRunError(
                .transcriptExists(path: path), message: errors.text("usage.transcriptExists", ["file": path]))
        }
        let transcript: TranscriptWriter?
        do throws(TranscriptError) {
            transcript = try transcriptPath.map { path throws(TranscriptError) in
                try TranscriptWriter(path: path, clock: clock)
            }
        } catch {
            throw FormRunError(.transcript(error), message: error.message(errors))
        }
        let announcer = Announcer(engine: speech.engine, lines: output, transcript: transcript)
        if let notice = speech.notice { await announcer.announce(Announcement(notice)) }
        if let preamble { await announcer.announce(Announcement(preamble(localizer))) }
        return announcer
    }

    /// Whether `path` is a file with something in it: a transcript is evidence, and is never emptied unasked. An
    /// empty file (one `mktemp` made) and a device (`/dev/null`) hold nothing to lose.
    static func holdsEvidence(_ path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return false }
        return (attributes[.size] as? NSNumber)?.intValue ?? 0 > 0
    }

    private func openLog(localizer: Localizer) throws(FormRunError) -> (any TechnicalLogging)? {
        if let technicalLog { return technicalLog }
        guard let logPath else { return nil }
        do throws(TechnicalLogError) {
            return try FileTechnicalLog(path: logPath, environment: environment)
        } catch {
            throw FormRunError(.log(error), message: error.message(localizer))
        }
    }

    /// The hold on the form's draft for the whole run; refused when another run holds it. A lock that cannot be
    /// taken for another reason is no hold, and the run goes on: a draft that cannot be written stops a send.
    func holdDraft(of form: Form, localizer: Localizer) throws(FormRunError) -> DraftLock? {
        let store = draftStore.scoped(to: form.submit)
        do {
            return try DraftLock.take(store, formID: form.id)
        } catch .held {
            throw FormRunError(.draftInUse, message: localizer.text("usage.draftInUse", ["form": form.title]))
        } catch {
            return nil
        }
    }

    /// Where the draft file is: with `.none` too, since its unanswered sends are kept there (its answers are not),
    /// and held for the run, since two runs would erase each other's.
    private var draftStore: DraftStore {
        switch drafts {
        case .standard, .none:
            let paths = StatePaths(environment: environment, application: host.identifier)
            return DraftStore(folder: paths.drafts, within: paths.state)
        case .folder(let folder): return DraftStore(folder: folder)
        }
    }
}
