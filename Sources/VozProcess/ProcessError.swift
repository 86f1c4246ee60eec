#if canImport(Glibc)
    import Glibc
#endif

/// Why a child process could not be started.
public enum ProcessError: Error, Equatable, CustomStringConvertible {
    /// No executable file of that name, as given or on PATH.
    case notFound(String)
    /// A system call failed: its name and errno.
    case system(String, Int32)

    /// The reason in English, for a log or a test's failure.
    public var description: String {
        switch self {
        case .notFound(let program): return "\(program) was not found on PATH"
        case .system(let call, let code): return "\(call) failed: \(Self.reason(code))"
        }
    }

    /// What `strerror` says of `code`.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
