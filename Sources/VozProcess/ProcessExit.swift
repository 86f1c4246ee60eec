/// How a child process ended.
public enum ProcessExit: Sendable, Equatable, CustomStringConvertible {
    /// It called exit with this code.
    case exited(Int32)
    /// This signal ended it.
    case signalled(Int32)

    /// Ended, but how is not known: reaped by someone else before this process could ask.
    public static let unknown = ProcessExit.exited(-1)

    /// From a status `waitpid` filled in for a process that ended.
    init(waitStatus status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// The status a shell gives it (`$?`): the code, or 128 + the signal.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let code): return code
        case .signalled(let signal): return 128 + signal
        }
    }

    /// The exit code, or the number of the signal that ended it.
    public var code: Int32 {
        switch self {
        case .exited(let code), .signalled(let code): return code
        }
    }

    /// The signal that ended it; nil when it exited.
    public var signal: Int32? {
        if case .signalled(let signal) = self { return signal }
        return nil
    }

    public var description: String {
        switch self {
        case .exited(let code): return "exit \(code)"
        case .signalled(let signal): return "signal \(signal)"
        }
    }
}
