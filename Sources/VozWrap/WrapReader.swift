import VozProcess

/// The reading thread's loop: the program's output into the screen model, each stretch to the narrator, the
/// narrator's timers kept by `clock`, and the end once the program has gone.
struct WrapReader<C: PollingClock> {
    let child: RunningProcess
    let controls: WrapControls
    var screen: LiveScreen
    var narrator: Narrator
    let clock: C
    /// Where what the program showed is recorded, if anywhere.
    var recorder: WrapRecorder?

    /// The longest a read waits, so a resize is taken in while the program is quiet.
    static var longestWait: Duration { .milliseconds(250) }
    /// The shortest, so a deadline just passed never spins.
    static var shortestWait: Duration { .milliseconds(5) }
    /// The most read of the terminal after the program ended (something it started may still be writing).
    static var lastOutputLimit: Int { 1 << 20 }

    /// Reads until the program ends, handing each batch of narration to `deliver`, which may wait; returns how the
    /// program ended, after the end line was delivered.
    mutating func run(_ deliver: ([Narration]) -> Void) -> ProgramEnd {
        let start = clock.now
        let elapsed = { [clock] in start.duration(to: clock.now) }
        reading: while true {
            if let size = controls.takeSize() {
                screen.resize(rows: size.rows, columns: size.columns)
                recorder?.resized(columns: size.columns, rows: size.rows, at: elapsed())
                deliver(narrator.resized(to: screen.snapshot, columns: size.columns, at: elapsed()))
            }
            let now = elapsed()
            let wait = min(max(narrator.nextDeadline - now, Self.shortestWait), Self.longestWait)
            switch child.read(.terminal, waitingUpTo: wait) {
            case .data(let bytes):
                recorder?.output(bytes, at: elapsed())
                deliver(narrator.observe(screen.feed(bytes), at: elapsed()))
            case .quiet:
                if child.hasEnded {
                    readLastOutput(deliver, at: elapsed)
                    break reading
                }
                deliver(narrator.tick(at: elapsed()))
            case .closed:
                break reading
            }
        }
        let exit = child.reap(blocking: true) ?? .unknown
        // Whatever it started and left running held its terminal: hung up on, as a shell's terminal closing would.
        child.stop()
        child.close(.terminal)
        let end = ProgramEnd(exit, interruptPassed: controls.interruptPassed)
        deliver(narrator.finish(end, at: elapsed()))
        return end
    }

    /// What the program wrote just before it ended, still in the terminal; bounded, for what it left running may
    /// write on.
    private mutating func readLastOutput(_ deliver: ([Narration]) -> Void, at elapsed: () -> Duration) {
        var read = 0
        while read < Self.lastOutputLimit, case .data(let bytes) = child.read(.terminal, waitingUpTo: .zero) {
            read += bytes.count
            recorder?.output(bytes, at: elapsed())
            deliver(narrator.observe(screen.feed(bytes), at: elapsed()))
        }
    }
}
