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

    /// The first line was not a port.
    public enum StartError: Error { case noPort(String) }

    /// Runs `script` with `arguments` under `/usr/bin/python3 -u`; returns once the script printed its port.
    public init(script: String, arguments: [String]) throws {
        child = try ChildProcess(
            executable: "/usr/bin/python3", arguments: ["-u", "-c", script] + arguments, input: .pipe, error: .null)
        let text = child.readFirstLine().trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text) else {
            child.kill()
            throw StartError.noPort(text)
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
