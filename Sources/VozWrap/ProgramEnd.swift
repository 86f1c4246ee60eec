import VozLocalization
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

/// How the wrapped program ended, as the end line says it and as wrap's own exit status passes it on.
public enum ProgramEnd: Sendable, Equatable {
    /// It exited with 0.
    case finished
    /// It exited with this code, not 0.
    case failed(code: Int32)
    /// Ctrl-C ended it (SIGINT, or exit 130 after Ctrl-C was passed on).
    case interrupted
    /// This signal ended it.
    case signalled(Int32)

    /// How `exit` reads; `interruptPassed` when Ctrl-C was passed on, so a program that catches it and exits 130
    /// (as shells do) is said to be interrupted.
    public init(_ exit: ProcessExit, interruptPassed: Bool = false) {
        switch exit {
        case .exited(0): self = .finished
        case .exited(130) where interruptPassed: self = .interrupted
        case .exited(let code): self = .failed(code: code)
        case .signalled(SIGINT): self = .interrupted
        case .signalled(let signal): self = .signalled(signal)
        }
    }

    /// The status a shell would give it (`$?`), which `voz wrap` exits with.
    public var shellStatus: Int32 {
        switch self {
        case .finished: return 0
        case .failed(let code): return code < 0 ? 1 : code
        case .interrupted: return 128 + SIGINT
        case .signalled(let signal): return 128 + signal
        }
    }

    /// Whether it went wrong: the end line is then said assertively, with the last error.
    public var isFailure: Bool { self != .finished }

    /// The end line's first sentence, naming `program`.
    func sentence(_ program: String, localizer: Localizer) -> String {
        switch self {
        case .finished: return localizer.text("wrap.end.finished", ["program": program])
        case .failed(let code):
            return localizer.text("wrap.end.failed", ["program": program, "code": String(code)])
        case .interrupted: return localizer.text("wrap.end.interrupted", ["program": program])
        case .signalled(let signal):
            return localizer.text("wrap.end.signalled", ["program": program, "signal": String(signal)])
        }
    }
}
