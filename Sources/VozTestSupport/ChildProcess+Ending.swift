import Foundation
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Ending

extension ChildProcess {
    /// How the child ended, once it has (and has been reaped).
    public var exit: Exit? { process.exit }

    /// The most memory the child held at once (its peak resident set), in kilobytes; nil until it is reaped.
    public var peakMemoryKilobytes: Int? { state.withLock { $0.peakKilobytes } }

    /// Whether the child has ended; reaps it when it has.
    public var hasEnded: Bool { reap(blocking: false) }

    /// Waits up to `limit` for the child to end on its own; kills it when it has not. Returns how it ended.
    @discardableResult
    public func wait(upTo limit: Duration) -> Exit? {
        let clock = SystemPollingClock()
        _ = clock.poll(for: limit, every: .milliseconds(5)) { reap(blocking: false) }
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
        process.signal(signal)
    }

    /// Kills the child (its whole process group when it leads one, and whatever else is left in it after it
    /// ended), and reaps it. SIGKILL cannot be caught, so the wait that follows is short.
    public func kill() {
        process.signalAll(SIGKILL)
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
        if process.exit != nil { return true }
        if !blocking {
            // Still running: its peak so far, read from the kernel. wait4's ru_maxrss cannot serve, since a child
            // spawned with vfork counts the parent's peak too (a test runner of 150 MB made every child look 150 MB).
            if let peak = Self.peakResidentKilobytes(of: pid) {
                state.withLock { $0.peakKilobytes = max($0.peakKilobytes ?? 0, peak) }
            }
        }
        return process.reap(blocking: blocking) != nil
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
