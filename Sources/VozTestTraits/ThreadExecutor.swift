import Foundation
import Synchronization

/// A task executor with one thread of its own: every job of a task that prefers it runs there, not on Swift's
/// cooperative pool.
///
/// That pool has as many threads as the machine has cores (two here), and make test runs every test at once in it.
/// A test that computes for seconds holds a pool thread for those seconds, so a test that measures how long
/// something took (a read timeout, a held request, a prompt that must come back) was measuring the queue in front
/// of the pool instead: bounds of 3 s and 8 s were seen at 5 s and 26 s. On a thread of its own a test shares the
/// cores with the rest as the kernel shares them, fairly, and waits behind nobody.
public final class ThreadExecutor: TaskExecutor, Sendable {
    /// The jobs not yet run, and whether `stop` has been asked; `ready` counts what the thread has to take.
    private let state = Mutex<(jobs: [UnownedJob], stopping: Bool)>(([], false))
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread; the first 15 bytes of `name` show in a debugger's thread list.
    public init(name: String) {
        // Named from inside, through /proc/thread-self/comm, cut to the 15 bytes Linux keeps. Linux gives a new
        // thread the name of the thread that made it (a pool thread's "…oot.default-qos"); Foundation's
        // `Thread.name` setter names the pthread its object records, which the making thread may not have stored
        // yet when this one runs (seen under load: the name never applied). pthread_setname_np is a GNU extension
        // Swift's Glibc module does not show.
        let shown = String(decoding: name.utf8.prefix(15), as: UTF8.self)
        Thread.detachNewThread { [self] in
            if let comm = FileHandle(forWritingAtPath: "/proc/thread-self/comm") {
                try? comm.write(contentsOf: Data(shown.utf8))
                try? comm.close()
            }
            run()
        }
    }

    /// The name of the calling thread as the kernel has it (what a debugger shows): for tests of where a job ran.
    public static var currentThreadName: String {
        let text = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        state.withLock { $0.jobs.append(unowned) }
        ready.signal()
    }

    /// Ends the thread once the jobs already queued have run. The tasks that preferred it must have ended.
    public func stop() {
        state.withLock { $0.stopping = true }
        ready.signal()
        finished.wait()
    }

    // MARK: - The thread

    private func run() {
        while let job = next() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
        finished.signal()
    }

    /// The next job, waiting for one; nil once stopping and none is left.
    private func next() -> UnownedJob? {
        while true {
            ready.wait()
            let taken: UnownedJob?? = state.withLock { state in
                if !state.jobs.isEmpty { return .some(state.jobs.removeFirst()) }
                return state.stopping ? .some(nil) : nil
            }
            if let taken { return taken }
        }
    }
}
