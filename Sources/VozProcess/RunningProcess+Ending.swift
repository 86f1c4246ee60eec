#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Ending

extension RunningProcess {
    /// How the child ended, once it has been reaped.
    public var exit: ProcessExit? { state.withLock { $0.exit } }

    /// Whether the child has ended; reaps it when it has.
    public var hasEnded: Bool { reap() != nil }

    /// How the child ended, reaping it if it has (`blocking`: waiting until it has); nil while it runs.
    @discardableResult
    public func reap(blocking: Bool = false) -> ProcessExit? {
        if blocking, exit == nil {
            // Waited for without reaping and outside the lock, so a signal or a question from another thread is
            // not held up by it; the reaping below is then at once.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        }
        return state.withLock { state in
            if let exit = state.exit { return exit }
            var status: Int32 = 0
            while true {
                let result = waitpid(pid, &status, WNOHANG)
                if result < 0, errno == EINTR { continue }
                if result < 0 {
                    // ECHILD: reaped by someone else; ended, how unknown.
                    state.exit = .unknown
                    return state.exit
                }
                guard result == pid else { return nil }
                state.exit = ProcessExit(waitStatus: status)
                return state.exit
            }
        }
    }

    /// Waits up to `limit` for the child to end on its own, looking every `interval` by `clock`; nil when it is
    /// still running.
    @discardableResult
    public func wait<C: PollingClock>(
        upTo limit: Duration, every interval: Duration = .milliseconds(5), clock: C = SystemPollingClock()
    ) -> ProcessExit? {
        _ = clock.poll(for: limit, every: interval) { reap() != nil }
        return exit
    }

    /// Sends `signal` to the child alone; nothing once it has been reaped, when its pid may be another process's.
    public func signal(_ signal: Int32) {
        state.withLock { state in
            if state.exit == nil { _ = kill(pid, signal) }
        }
    }

    /// The processes a stop reaches: the child's group or session, or nil when it shares this process's group.
    public var family: ProcessFamily? {
        switch grouping {
        case .inherited: return nil
        case .processGroup: return .group(pid)
        case .session: return .session(pid)
        }
    }

    /// Sends `signal` to the child and to every process of its group or session, while any of them runs (a
    /// group's number may be another's once all its members have gone).
    public func signalAll(_ signal: Int32) {
        state.withLock { state in
            if state.exit == nil { _ = kill(pid, signal) }
            family?.signal(signal, leaderReaped: state.exit != nil)
        }
    }

    /// Stops the child and everything in its group or session: a hang-up (for a session, whose programs expect
    /// one when their terminal goes) and a termination request, a continue for what is stopped (a job suspended
    /// with Ctrl-Z takes them only once it runs again), then after `grace` a kill; reaps the child and waits,
    /// boundedly, until nothing of its family runs. Returns how the child ended.
    @discardableResult
    public func stop<C: PollingClock>(
        grace: Duration = .milliseconds(500), every interval: Duration = .milliseconds(25),
        clock: C = SystemPollingClock()
    ) -> ProcessExit {
        let nothingRuns = { [self] in reap() != nil && !(family?.isRunning ?? false) }
        if nothingRuns() { return exit ?? .unknown }
        if grouping == .session { signalAll(SIGHUP) }
        signalAll(SIGTERM)
        signalAll(SIGCONT)
        if !clock.poll(for: grace, every: interval, nothingRuns) {
            signalAll(SIGKILL)
            // A kill is delivered at once but acted on when the process next runs: wait, boundedly, until none runs.
            _ = reap(blocking: true)
            _ = clock.poll(for: .seconds(2), every: interval, nothingRuns)
        }
        return exit ?? .unknown
    }
}
