import Foundation
import Synchronization
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

/// A child process watched without ever waiting on it unbounded: its standard output and error come back through
/// pipes of its own, read together, and its end is seen by `waitpid`, not by the end of a pipe. The one way the
/// tests, their fixtures, the bench and the fuzzer start a program; the spawning, the descriptors and the reaping
/// are VozProcess's `RunningProcess`, this adds the reading of both pipes at once and the peak memory.
///
/// The fuzzer's supervisor once stalled because it waited for end of file on a pipe whose write end another
/// process still held. Here every descriptor is close-on-exec from birth, so no other child inherits a pipe end; a
/// child gets its own ends as 0, 1 and 2 and nothing above; the parent closes its copies of the child's ends right
/// after the spawn; and once the child has ended, what is left in the pipes is read without waiting, so a
/// grandchild still holding them cannot hold the reader too.
///
/// Asking how it ended, signalling and killing are safe from any thread; reading belongs to one thread at a time.
public final class ChildProcess: Sendable {
    /// How a child ended: the process layer's own value.
    public typealias Exit = ProcessExit

    /// Where the child's standard input comes from.
    public enum Input: Sendable {
        /// /dev/null: end of file at once.
        case null
        /// A pipe this object holds open until `closeInput()`, as a person at a keyboard would.
        case pipe
    }

    /// Where the child's standard output or error goes.
    public enum Stream: Sendable {
        /// A pipe this object reads.
        case pipe
        /// /dev/null.
        case null
        /// The parent's own, inherited.
        case inherited
    }

    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The most memory the child held at once (its peak resident set), in kilobytes, read while it runs.
    struct State: Sendable {
        var peakKilobytes: Int?
    }

    /// The child, its pipes, and how it ended.
    let process: RunningProcess
    let state: Mutex<State>

    public var pid: pid_t { process.pid }
    /// When `posix_spawn` was called: the start a bench figure measures from.
    public var started: ContinuousClock.Instant { process.started }
    var leadsGroup: Bool { process.grouping != .inherited }

    /// Starts `executable` (a path; no search of PATH).
    /// - Parameters:
    ///   - environment: nil inherits this process's.
    ///   - directory: the folder it starts in; nil is this process's.
    ///   - newProcessGroup: the child leads a process group of its own, so `kill()` also reaches what it started.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input: Input = .null, output: Stream = .pipe, error: Stream = .pipe, newProcessGroup: Bool = false
    ) throws(SpawnError) {
        let options = ProcessOptions(
            executable: executable, arguments: arguments,
            environment: environment, directory: directory, grouping: newProcessGroup ? .processGroup : .inherited,
            input: input == .pipe ? .pipe : .null, output: Self.stream(output), error: Self.stream(error))
        do {
            process = try RunningProcess.spawn(options)
        } catch {
            switch error {
            case .notFound(let name):
                throw SpawnError(description: "cannot start \(name): \(String(cString: strerror(ENOENT)))")
            case .system(let call, let code) where call.hasPrefix("posix_spawn"):
                throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(code)))")
            case .system(_, let code):
                throw SpawnError(description: "cannot make a pipe: \(String(cString: strerror(code)))")
            }
        }
        state = Mutex(State())
    }

    deinit {
        if exit == nil { kill() }
        closePipes()
        closeInput()
    }

    private static func stream(_ stream: Stream) -> ProcessOptions.Stream {
        switch stream {
        case .pipe: return .pipe
        case .null: return .null
        case .inherited: return .inherited
        }
    }
}

// MARK: - How it ended

extension ProcessExit {
    /// The exit code, or the number of the signal that ended it: what Foundation's `terminationStatus` says.
    public var status: Int32 { code }
}
