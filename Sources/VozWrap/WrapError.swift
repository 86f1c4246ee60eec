/// Why `voz wrap` could not start the program.
public enum WrapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No program of that name on PATH, or the path is not an executable file.
    case notFound(String)
    /// The system refused to start it: the call and its error number.
    case cannotStart(String, call: String, code: Int32)

    /// The failure in a line for a log, not for the person.
    public var description: String {
        switch self {
        case .notFound(let name): return "\(name): not found"
        case .cannotStart(let name, let call, let code): return "\(name): \(call) failed (errno \(code))"
        }
    }

    /// The shell's status for it: 127 for a program not found, 126 for one that could not be run.
    public var shellStatus: Int32 {
        switch self {
        case .notFound: return 127
        case .cannotStart: return 126
        }
    }
}
