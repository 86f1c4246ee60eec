import Foundation
import Synchronization
import VozSupport

/// Writes one form's draft file on a thread of its own, in the order the contents were handed over, so that a slow
/// disk holds that thread and never the session or the controller.
///
/// A draft is replaced with two fsyncs, and under other programs' writes one can take seconds (ext4 waits for their
/// data too). Done on Swift's cooperative threads (two on a 2-core machine), such a write held the session for
/// its whole length right after the request left: "Sending" and every "still sending" waited behind it. Callers
/// now hand the contents over and go on; a write-ahead waits for its own write (nothing is sent before its record
/// is on disk), and a run waits for the last one before it ends. Contents handed over while a write is under way
/// replace one another: the newest is written next, the others never need to be.
final class DraftWriter: Sendable {
    /// How a write ended: nil when the contents are on disk (or the file removed), else why not.
    typealias Outcome = PrivateFile.Failure?

    private enum Waiter: Sendable {
        case task(CheckedContinuation<Outcome, Never>)
        case thread(BlockedWaiter)
    }

    /// Whether the contents waited for were already written, and how.
    private enum Check {
        case done(Outcome)
        case waiting
    }

    private struct State {
        /// The newest contents not yet taken up by the thread, with their number; a nil draft removes the file.
        var next: (number: Int, draft: Draft?)?
        /// The number of the last contents handed over, and of the last written.
        var handedOver = 0
        var written = 0
        var lastOutcome: Outcome = nil
        /// Whether a thread is writing; it ends once nothing is left to write.
        var running = false
        var waiters: [(number: Int, waiter: Waiter)] = []
    }

    private let store: DraftStore
    private let formID: String
    private let state = Mutex(State())

    init(store: DraftStore, formID: String) {
        self.store = store
        self.formID = formID
    }

    /// Hands over what the file should hold (nil: no file) and returns at once with the contents' number, which
    /// `written(_:)` waits for. Never blocks on the disk.
    func hand(_ draft: Draft?) -> Int {
        let (number, starts) = state.withLock { state in
            state.handedOver += 1
            state.next = (state.handedOver, draft)
            let starts = !state.running
            state.running = true
            return (state.handedOver, starts)
        }
        if starts {
            let thread = Thread { self.drain() }
            thread.name = "voz draft writer"
            thread.start()
        }
        return number
    }

    /// Waits, suspended, until contents `number` (or newer ones) are written; how that write ended.
    func written(_ number: Int) async -> Outcome {
        await withCheckedContinuation { continuation in
            let check = state.withLock { state -> Check in
                if state.written >= number { return .done(state.lastOutcome) }
                state.waiters.append((number, .task(continuation)))
                return .waiting
            }
            if case .done(let outcome) = check { continuation.resume(returning: outcome) }
        }
    }

    /// The same, blocking the calling thread: for a write-ahead, which a synchronous journal must finish before it
    /// returns. No lock is held meanwhile, so nothing else waits behind it.
    func writtenBlocking(_ number: Int) -> Outcome {
        let waiter = BlockedWaiter()
        let check = state.withLock { state -> Check in
            if state.written >= number { return .done(state.lastOutcome) }
            state.waiters.append((number, .thread(waiter)))
            return .waiting
        }
        if case .done(let outcome) = check { return outcome }
        waiter.semaphore.wait()
        return waiter.outcome.withLock { $0 }
    }

    /// Waits until everything handed over so far is written; how the last write ended.
    func flushed() async -> Outcome {
        await written(state.withLock { $0.handedOver })
    }

    // MARK: - The writing thread

    private func drain() {
        while true {
            let taken = state.withLock { state -> (number: Int, draft: Draft?)? in
                guard let next = state.next else {
                    state.running = false
                    return nil
                }
                state.next = nil
                return next
            }
            guard let taken else { return }
            let outcome = write(taken.draft)
            let ready = state.withLock { state -> [Waiter] in
                state.written = taken.number
                state.lastOutcome = outcome
                let ready = state.waiters.filter { $0.number <= taken.number }.map(\.waiter)
                state.waiters.removeAll { $0.number <= taken.number }
                return ready
            }
            for waiter in ready {
                switch waiter {
                case .task(let continuation): continuation.resume(returning: outcome)
                case .thread(let blocked):
                    blocked.outcome.withLock { $0 = outcome }
                    blocked.semaphore.signal()
                }
            }
        }
    }

    private func write(_ draft: Draft?) -> Outcome {
        guard let draft else {
            store.delete(formID: formID)
            return nil
        }
        do {
            try store.save(draft)
            return nil
        } catch {
            return error
        }
    }
}

/// A thread waiting in `DraftWriter.writtenBlocking`, and what it is told.
private final class BlockedWaiter: Sendable {
    let semaphore = DispatchSemaphore(value: 0)
    let outcome = Mutex<DraftWriter.Outcome>(nil)
}
