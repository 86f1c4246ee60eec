import Synchronization
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

/// What the person's signals do to the wrapped program, from the signal thread, and what the reading thread learns
/// of them: Ctrl-C and Ctrl-\ typed at the program's terminal (its line discipline signals whatever job is in its
/// foreground), Ctrl-Z and `fg` stopping and continuing it with voz, a resized window passed on, a hang-up or
/// termination request stopping it and all it started.
final class WrapControls: Sendable {
    let child: RunningProcess
    /// The person's terminal, whose size the program's follows.
    let sizeSource: Int32?
    private let state = Mutex<State>(State())

    private struct State {
        var interruptPassed = false
        var size: ProcessOptions.WindowSize?
    }

    init(child: RunningProcess, sizeSource: Int32?) {
        self.child = child
        self.sizeSource = sizeSource
    }

    /// Acts on signal `number`, sent to voz.
    func handle(_ number: Int32) {
        switch number {
        case SIGINT:
            state.withLock { $0.interruptPassed = true }
            // With its terminal gone (closed by the program), the signal goes to its process group directly.
            if !child.press(.interrupt) { child.signalAll(SIGINT) }
        case SIGQUIT:
            if !child.press(.quit) { child.signalAll(SIGQUIT) }
        case SIGTSTP:
            // Ctrl-Z: the program and all it started stop, then voz, so the shell gets its prompt back; `fg`
            // continues voz, and voz the program (below). SIGSTOP, not a typed Ctrl-Z: the program leads a session
            // whose parent is outside it, and the kernel drops a terminal's stop signals to such an orphaned group.
            child.signalAll(SIGSTOP)
            kill(getpid(), SIGSTOP)
        case SIGCONT:
            child.signalAll(SIGCONT)
        case SIGWINCH:
            guard let sizeSource, let size = ProcessOptions.WindowSize.ofTerminal(sizeSource) else { return }
            child.setWindowSize(size)
            state.withLock { $0.size = size }
        default:
            // The person's terminal closed, or voz was asked to end: so is the program, with all it started.
            child.stop()
        }
    }

    /// Whether Ctrl-C was passed on, so an exit with 130 reads as interrupted.
    var interruptPassed: Bool { state.withLock { $0.interruptPassed } }

    /// The window size the person changed to since the last call, if they did.
    func takeSize() -> ProcessOptions.WindowSize? {
        state.withLock { state in
            defer { state.size = nil }
            return state.size
        }
    }
}
