import Foundation
import Synchronization
import VozSubmission
import VozSupport

/// The one writer of a form's draft file: the session's answers and the controller's pending attempts, each
/// written with the other as last given, so neither overwrites what the other kept.
///
/// A run owns the draft's answers once the user restored or discarded them, or when it found none. An unattended
/// run that found someone's answers keeps them untouched (the script's answers are in its own file): only the
/// pending attempts change, and the answers go only when that earlier send is settled.
final class DraftKeeper: PendingAttemptJournal {
    private struct Contents {
        var answers: [String: String]
        var attempts: [PendingAttempt]
        var ownsAnswers: Bool
        var asked: [String]?
        var unfinished: UnfinishedGroupItem?
        /// The keys the draft held when the run began.
        let earlierKeys: Set<IdempotencyKey>
    }

    let store: DraftStore
    let formID: String
    private let contents: Mutex<Contents>
    /// The file's one writer, on a thread of its own: no lock here is held while the disk is written.
    private let writer: DraftWriter

    /// Whether this run owns the draft's answers (restored, discarded, or none found); false while an unattended
    /// run leaves another run's answers as they are, and in a run that keeps no answers.
    var ownsAnswers: Bool { contents.withLock { $0.ownsAnswers } }

    /// Whether the file keeps answers this run did not write (another run's, left as they were).
    var holdsOthersAnswers: Bool {
        contents.withLock { !$0.ownsAnswers && (!$0.answers.isEmpty || $0.unfinished != nil) }
    }

    /// Whether the file keeps unanswered sends: the same data sent again, in this run or a later one, is that send.
    var holdsAttempts: Bool { contents.withLock { !$0.attempts.isEmpty } }

    /// A keeper over `store` for one form, starting from the draft found there, if any.
    init(store: DraftStore, formID: String, found: Draft?, ownsAnswers: Bool) {
        self.store = store
        self.formID = formID
        writer = DraftWriter(store: store, formID: formID)
        contents = Mutex(
            Contents(
                answers: found?.answers ?? [:], attempts: found?.pendingAttempts ?? [], ownsAnswers: ownsAnswers,
                asked: found?.askedFields, unfinished: found?.unfinishedItem,
                earlierKeys: Set((found?.pendingAttempts ?? []).map(\.key))))
    }

    // MARK: - Writing

    /// The controller's pending attempts, written before a request leaves and after a definitive outcome; throws
    /// (and keeps the list as it was) when the file cannot be written, and then the request does not leave.
    ///
    /// Only a list with an attempt the file may not hold yet (a send about to leave) waits for the disk; one that
    /// only lets attempts go is handed to the writer, as losing it costs no more than a match in the next run.
    func keep(_ attempts: [PendingAttempt]) throws(PendingAttemptJournalFailure) {
        let (before, number) = contents.withLock { contents in
            let before = contents.attempts
            contents.attempts = attempts
            return (before, write(contents).number)
        }
        guard attempts.contains(where: { !before.contains($0) }) else { return }
        guard let failure = writer.writtenBlocking(number) else { return }
        contents.withLock { contents in
            guard contents.attempts == attempts else { return }
            contents.attempts = before
            _ = write(contents)
        }
        throw journalFailure(failure)
    }

    /// The answers as typed, secrets already left out; ignored while the run does not own the draft's answers.
    /// Returns whether a draft is kept: nothing typed and nothing pending is no draft, and the user is never told
    /// of one. Returns before the disk is written; `flushed()` says whether it was.
    @discardableResult
    func saveAnswers(
        _ answers: [String: String], asked: [String]? = nil, unfinished: UnfinishedGroupItem? = nil
    ) -> Bool {
        contents.withLock { contents in
            if contents.ownsAnswers {
                // An empty set of answers over answers not yet restored would lose them: only an owner clears.
                contents.answers = answers
                contents.asked = asked
                contents.unfinished = unfinished
            }
            return write(contents).kept
        }
    }

    /// The user answered the restore question: the answers are this run's now (restored, or discarded with
    /// `keepingAnswers` false). Pending attempts stay either way: the same data typed again still matches them.
    func takeOwnership(keepingAnswers: Bool) {
        contents.withLock { contents in
            contents.ownsAnswers = true
            if !keepingAnswers {
                contents.answers = [:]
                contents.asked = nil
                contents.unfinished = nil
            }
            _ = write(contents)
        }
    }

    /// The server accepted this run's send: the answers it sent go, and the file with them unless an unanswered
    /// send is still kept. Someone else's answers stay unless their own send was the one settled.
    func completed() {
        contents.withLock { contents in
            let pendingKeys = Set(contents.attempts.map(\.key))
            let earlierSettled = !contents.earlierKeys.isEmpty && contents.earlierKeys.isDisjoint(with: pendingKeys)
            if contents.ownsAnswers || earlierSettled {
                contents.answers = [:]
                contents.asked = nil
                contents.unfinished = nil
            }
            _ = write(contents)
        }
    }

    /// Waits until everything handed to the writer is on disk; whether the last write succeeded. A run calls it
    /// before it ends, and before it says a draft was kept.
    func flushed() async -> Bool {
        await writer.flushed() == nil
    }

    /// Hands what is held to the writer (no file when nothing is): whether a draft is kept, and the contents'
    /// number. Called under the lock, so the writer gets the contents in the order they changed; never waits for
    /// the disk.
    private func write(_ contents: Contents) -> (kept: Bool, number: Int) {
        guard !contents.answers.isEmpty || !contents.attempts.isEmpty || contents.unfinished != nil else {
            return (false, writer.hand(nil))
        }
        // Which fields were asked only matters beside answers to go on from.
        let keepsAnswers = !contents.answers.isEmpty || contents.unfinished != nil
        let draft = Draft(
            formID: formID, answers: contents.answers, pendingAttempts: contents.attempts,
            savedAt: Date().timeIntervalSince1970, askedFields: keepsAnswers ? contents.asked : nil,
            unfinishedItem: contents.unfinished)
        return (true, writer.hand(draft))
    }

    /// What the person is told of a failed write: the drafts folder and, from the system's words, whether the
    /// disk is full or the folder may not be written.
    private func journalFailure(_ failure: PrivateFile.Failure) -> PendingAttemptJournalFailure {
        let reason: String
        switch failure {
        case .cannotCreateFolder(_, let text), .cannotWrite(_, let text): reason = text
        case .isSymbolicLink, .notAFile, .notAFolder, .notYours, .noFolder: reason = ""
        }
        let words: (Int32) -> String = { String(cString: strerror($0)) }
        let cause: PendingAttemptJournalFailure.Cause
        if [ENOSPC, EDQUOT].map(words).contains(reason) {
            cause = .full
        } else if [EACCES, EPERM, EROFS].map(words).contains(reason) {
            cause = .notPermitted
        } else {
            cause = .other
        }
        return PendingAttemptJournalFailure(
            folder: Self.spoken(store.folder), cause: cause, detail: failure.description)
    }

    /// A folder as it is said: under the home folder, from `~`, which is shorter to hear and says whose it is.
    static func spoken(_ folder: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        guard let home, !home.isEmpty, home != "/", folder.hasPrefix(home + "/") else { return folder }
        return "~" + folder.dropFirst(home.count)
    }
}
