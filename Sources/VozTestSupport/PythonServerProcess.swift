import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A Python server script run as a child process that prints its port as its first line and exits when its
/// standard input closes: the one launcher the tests' and the fuzzer's loopback servers share.
///
/// The input pipe is held here, so the server ends when `stop()` is called and also when the process that started
/// it ends, however it ends.
public final class PythonServerProcess: Sendable {
    /// The port the script printed.
    public let port: Int
    private let child: ChildProcess
    private let stopped = Mutex(false)

    /// The first line was not a port: what it was, how long it took, and how the server ended if it did (a
    /// server that died and one that was slow to start under load need different fixes).
    public enum StartError: Error, CustomStringConvertible {
        case noPort(String, after: Duration, exit: ChildProcess.Exit?)

        public var description: String {
            switch self {
            case .noPort(let text, let after, let exit):
                let ending = exit.map { "it ended: \($0)" } ?? "it was still running"
                return "the Python server printed \(text.debugDescription), not a port, after \(after); \(ending)"
            }
        }
    }

    /// How long a server may take to print its port. Python starts in a tenth of a second alone, but make test
    /// starts hundreds of processes on two cores, and once no port came within 15 s.
    public static let startLimit: Duration = .seconds(60)

    /// Runs `script` with `arguments` under `/usr/bin/python3 -u`; returns once the script printed its port.
    public init(script: String, arguments: [String]) throws {
        child = try ChildProcess(
            executable: "/usr/bin/python3", arguments: ["-u", "-c", script] + arguments, input: .pipe, error: .null)
        let text = child.readFirstLine(within: Self.startLimit).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text) else {
            let after = ContinuousClock.now - child.started
            let exit = child.wait(upTo: .milliseconds(100))
            child.kill()
            throw StartError.noPort(text, after: after, exit: exit)
        }
        self.port = port
    }

    /// Stops the server and waits for it to end; safe to call more than once.
    public func stop() {
        guard
            stopped.withLock({ stopped in
                defer { stopped = true }
                return !stopped
            })
        else { return }
        child.closeInput()
        child.signal(SIGTERM)
        child.wait(upTo: .seconds(5))
    }

    deinit { stop() }
}
