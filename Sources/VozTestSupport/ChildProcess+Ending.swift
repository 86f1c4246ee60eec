import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Ending

extension ChildProcess {
    /// How the child ended, once it has (and has been reaped).
    public var exit: Exit? { state.withLock { $0.exit } }

    /// The most memory the child held at once (its peak resident set), in kilobytes; nil until it is reaped.
    public var peakMemoryKilobytes: Int? { state.withLock { $0.peakKilobytes } }

    /// Whether the child has ended; reaps it when it has.
    public var hasEnded: Bool { reap(blocking: false) }

    /// Waits up to `limit` for the child to end on its own; kills it when it has not. Returns how it ended.
    @discardableResult
    public func wait(upTo limit: Duration) -> Exit? {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while !reap(blocking: false), ContinuousClock.now < deadline { usleep(5_000) }
        if exit == nil { kill() }
        return exit
    }

    /// Waits as long as it takes for the child to end, and returns how it did: for a child already sent a
    /// signal it cannot ignore, or one whose end the caller bounds otherwise.
    @discardableResult
    public func wait() -> Exit {
        reap(blocking: true)
        return exit ?? .exited(-1)
    }

    /// Sends `signal` to the child alone, not to its group; nothing once it has been reaped, when its pid may
    /// already be another process's.
    public func signal(_ signal: Int32) {
        state.withLock { state in
            if state.exit == nil { _ = Glibc.kill(pid, signal) }
        }
    }

    /// Kills the child (its whole process group when it leads one, and whatever else is left in it after it
    /// ended), and reaps it. SIGKILL cannot be caught, so the wait that follows is short.
    public func kill() {
        if leadsGroup { _ = Glibc.kill(-pid, SIGKILL) }
        signal(SIGKILL)
        reap(blocking: true)
    }

    /// Closes this side's pipes of standard output and error; anything still writing to them gets SIGPIPE
    /// instead of an audience.
    public func closePipes() {
        close(.output)
        close(.error)
    }

    /// Reaps the child if it has ended (`blocking`: waits until it has), and says whether it has.
    @discardableResult
    func reap(blocking: Bool) -> Bool {
        if blocking, exit == nil {
            // Waited for without reaping and outside the lock, so a signal or a question from another thread is
            // not held up by it; the reaping below is then at once.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        }
        return state.withLock { state in
            if state.exit != nil { return true }
            var status: Int32 = 0
            var usage = rusage()
            while true {
                let result = wait4(pid, &status, WNOHANG, &usage)
                if result < 0, errno == EINTR { continue }
                if result < 0, errno == ECHILD {
                    // Reaped elsewhere: ended, how unknown.
                    state.exit = .exited(-1)
                    return true
                }
                guard result == pid else {
                    // Still running: its peak so far, read from the kernel. wait4's ru_maxrss cannot serve, since a
                    // child spawned with vfork counts the parent's peak too (a test runner of 150 MB made every
                    // child look 150 MB).
                    if let peak = Self.peakResidentKilobytes(of: pid) {
                        state.peakKilobytes = max(state.peakKilobytes ?? 0, peak)
                    }
                    return false
                }
                let signal = status & 0x7f
                state.exit = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
                return true
            }
        }
    }

    /// `VmHWM` of a running process (`/proc/PID/status`), in kilobytes: the peak of its own address space since its
    /// last exec; nil once it has ended.
    static func peakResidentKilobytes(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
}
