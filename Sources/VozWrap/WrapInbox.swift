import Synchronization

/// What the person's side (the lines typed) and the reading thread (the screen and the narrator) tell each other:
/// whether the program waits for an answer, the answers sent (whose echo is not said again), a reading of the
/// screen asked for, and the end.
final class WrapInbox: Sendable {
    private struct State {
        var waiting = false
        var ended = false
        var applicationCursor = false
        /// Something was typed at the program since the reading thread last looked: it waits afresh for quiet.
        var typed = false
        /// Answers sent whose echo the program's terminal will show.
        var echoes: [String] = []
        var screenAsked = false
        /// Asked, and not yet said: the person's next line waits for it.
        var screenAwaited = false
        /// Batches of narration handed on and not yet announced: the question among them is not heard yet.
        var inFlight = 0
        /// The menu the screen showed when the program last waited.
        var menu: ScreenMenu?
    }

    private let state = Mutex(State())

    // MARK: - The person's side

    /// Whether the program has been quiet long enough after its last output and the last thing typed to be taken
    /// as waiting for an answer; or it ended.
    var isWaitingOrEnded: Bool { state.withLock { ($0.waiting && $0.inFlight == 0) || $0.ended } }

    var hasEnded: Bool { state.withLock { $0.ended } }

    /// Whether the program asked for arrows and Home and End as application keys (`ESC O A`).
    var applicationCursor: Bool { state.withLock { $0.applicationCursor } }

    /// Something was typed at the program: `echo`, an answer the terminal will show again, or nil (a secret, keys).
    func typed(echo: String?) {
        state.withLock { state in
            state.waiting = false
            state.typed = true
            if let echo { state.echoes.append(echo) }
        }
    }

    /// Asks the reading thread to read the screen.
    func askScreen() {
        state.withLock { state in
            state.screenAsked = true
            state.screenAwaited = true
        }
    }

    /// Whether the screen asked for is yet to be said.
    var isScreenAwaited: Bool { state.withLock { $0.screenAwaited && !$0.ended } }

    /// The screen asked for was said.
    func screenSaid() {
        state.withLock { $0.screenAwaited = false }
    }

    // MARK: - The reading thread

    /// Takes whether something was typed since the last call, and the answers whose echo is due.
    func takeTyped() -> (typed: Bool, echoes: [String]) {
        state.withLock { state in
            defer {
                state.typed = false
                state.echoes.removeAll()
            }
            return (state.typed, state.echoes)
        }
    }

    /// Takes whether a reading of the screen was asked for.
    func takeScreenAsked() -> Bool {
        state.withLock { state in
            defer { state.screenAsked = false }
            return state.screenAsked
        }
    }

    /// A batch of narration was handed on to be announced.
    func handedOn() {
        state.withLock { $0.inFlight += 1 }
    }

    /// A batch handed on was announced.
    func announced() {
        state.withLock { $0.inFlight -= 1 }
    }

    /// The menu the screen showed when the program last waited; nil when it showed none.
    var menu: ScreenMenu? { state.withLock { $0.menu } }

    func setMenu(_ menu: ScreenMenu?) {
        state.withLock { $0.menu = menu }
    }

    func setWaiting() {
        state.withLock { $0.waiting = true }
    }

    func setApplicationCursor(_ on: Bool) {
        state.withLock { $0.applicationCursor = on }
    }

    func end() {
        state.withLock { $0.ended = true }
    }
}
