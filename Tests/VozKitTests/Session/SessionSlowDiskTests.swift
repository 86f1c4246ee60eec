import Foundation
import Synchronization
import Testing
import VozTestSupport
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession

/// A draft write that takes seconds (an fsync behind other programs' writes, on a loaded CI machine) never silences
/// the session while it sends, and a run still ends with its draft on disk.
///
/// The CI audit once found a slow send with no "still sending" in 10 seconds. Draft writes ran on the session's own
/// cooperative thread, the one right after the request left among them, so a slow disk held "Sending" and every
/// reminder behind it (measured with each fsync 4 s slower: "Sending" came 8 s after the request left, and both
/// reminders with it).
@Suite(.timeLimit(.minutes(1)), .ownThread) final class SessionSlowDiskTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "voz-slow-disk-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A disk on which the draft written after the request left is stuck until the test lets it go; the write-ahead
    /// before it goes through, as nothing may be sent without it.
    final class StuckDisk: Sendable {
        private struct State {
            var writesWithAttempts = 0
            var stuck = false
            var last: Draft?
        }

        private let state = Mutex(State())
        private let gate = DispatchSemaphore(value: 0)

        /// The write that holds an attempt the second time, stuck until `release()`.
        func write(_ draft: Draft) {
            let stops = state.withLock { state -> Bool in
                state.last = draft
                guard !draft.pendingAttempts.isEmpty else { return false }
                state.writesWithAttempts += 1
                state.stuck = state.writesWithAttempts == 2
                return state.stuck
            }
            guard stops else { return }
            gate.wait()
            state.withLock { $0.stuck = false }
        }

        var isStuck: Bool { state.withLock { $0.stuck } }
        /// The last draft given to the disk.
        var last: Draft? { state.withLock { $0.last } }

        func release() {
            gate.signal()
        }
    }

    private func store(_ disk: StuckDisk) -> DraftStore {
        var store = DraftStore(folder: folder.path)
        store.beforeWriting = { disk.write($0) }
        return store
    }

    /// Waits, in real time, until `lines` has one for which `found` holds; false after `limit`.
    private func heard(_ lines: LineRecorder, within limit: Duration, _ found: (String) -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while clock.now < end {
            if lines.lines.contains(where: found) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return lines.lines.contains(where: found)
    }

    @Test func stillSendingIsSaidOnTimeWhileADraftWriteIsStuck() async {
        var form = SessionTests.form
        form.submit.timeoutSeconds = 2
        let clock = ManualClock()
        let printed = LineRecorder()
        let disk = StuckDisk()
        let session = Session(
            form: form, localizer: Localizer(language: .es),
            input: ScriptedLineSource(SessionTests.answers + [":enviar"]),
            announcer: Announcer(engine: nil, lines: printed), transport: ScriptedTransport([.hang], clock: clock),
            options: SessionOptions(
                drafts: store(disk), stillSendingAfter: .seconds(1), stillSendingEvery: .seconds(5), clock: clock))
        let run = Task { await session.run() }
        // The hanging transport, the timeout and the reminder asleep: the request is out.
        await clock.waitForSleepers(3)
        #expect(await heard(printed, within: .seconds(10)) { $0 == "Enviando." }, "\(printed.lines)")
        clock.advance(by: .seconds(1))
        let reminded = await heard(printed, within: .seconds(10)) { $0 == "Todavía enviando." }
        #expect(reminded, "silent while the draft write was stuck: \(printed.lines)")
        #expect(disk.isStuck, "the draft write was still under way")
        disk.release()
        await clock.waitForSleepers(3)
        clock.advance(by: .seconds(1))
        #expect(await run.value == .inputEnded)
        #expect(printed.lines.contains { $0.hasPrefix("El servidor no ha respondido a tiempo.") }, "\(printed.lines)")
        clock.advance(by: .seconds(3600))
    }

    @Test func aRunEndsOnlyOnceItsDraftIsOnDisk() async throws {
        let disk = StuckDisk()
        let drafts = store(disk)
        let session = Session(
            form: SessionTests.form, localizer: Localizer(language: .es),
            input: ScriptedLineSource(SessionTests.answers + [":enviar"]),
            announcer: Announcer(engine: nil, lines: LineRecorder()),
            transport: ScriptedTransport([.fail(.timedOut)]),
            options: SessionOptions(drafts: drafts, clock: ManualClock()))
        // Let go a moment after the run could have ended: it must wait for the write, not leave it half done.
        Task.detached {
            try? await Task.sleep(for: .milliseconds(300))
            disk.release()
        }
        #expect(await session.run() == .inputEnded)
        let last = try #require(disk.last)
        let onDisk = drafts.scoped(to: SessionTests.form.submit).load(formID: SessionTests.form.id)
        #expect(onDisk == last, "the run ended before its last draft was written")
        #expect(onDisk?.pendingAttempts.count == 1)
    }
}
