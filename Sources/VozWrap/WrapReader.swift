import VozProcess

/// The reading thread's loop: the program's output into the screen model, each stretch to the narrator, the
/// narrator's timers kept by `clock`, and the end once the program has gone.
struct WrapReader<C: PollingClock> {
    let child: RunningProcess
    let controls: WrapControls
    var screen: LiveScreen
    var narrator: Narrator
    let clock: C
    /// What the person's side and this thread tell each other; nil when nobody answers the program.
    var inbox: WrapInbox?
    /// When the program last wrote or was typed at, and whether it was said to wait since.
    var quietSince: Duration = .zero
    var saidWaiting = false
    /// When to look again whether the program reads its terminal, after it was found not to.
    var nextProbe: Duration = .zero
    /// How often a quiet program is looked at, whether it reads its terminal yet.
    static var probeEvery: Duration { .milliseconds(100) }
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
        defer { inbox?.end() }
        reading: while true {
            if let size = controls.takeSize() {
                screen.resize(rows: size.rows, columns: size.columns)
                recorder?.resized(columns: size.columns, rows: size.rows, at: elapsed())
                deliver(narrator.resized(to: screen.snapshot, columns: size.columns, at: elapsed()))
            }
            takeInbox(deliver, at: elapsed())
            let now = elapsed()
            var deadline = narrator.nextDeadline
            if inbox != nil, !saidWaiting {
                deadline = min(deadline, max(quietSince + narrator.settings.promptWait, nextProbe))
            }
            let wait = min(max(deadline - now, Self.shortestWait), Self.longestWait)
            switch child.read(.terminal, waitingUpTo: wait) {
            case .data(let bytes):
                // What was typed just before is known before its echo is read.
                takeInbox(deliver, at: elapsed())
                noteKeys(bytes)
                quietSince = elapsed()
                saidWaiting = false
                recorder?.output(bytes, at: quietSince)
                deliver(narrator.observe(screen.feed(bytes), at: quietSince))
            case .quiet:
                if child.hasEnded {
                    readLastOutput(deliver, at: elapsed)
                    break reading
                }
                deliver(narrator.tick(at: elapsed()))
                askIfWaiting(deliver, at: elapsed())
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

    /// What the person's side did since the last look: typed (the program waits afresh), or asked for the screen.
    private mutating func takeInbox(_ deliver: ([Narration]) -> Void, at now: Duration) {
        guard let inbox else { return }
        let typed = inbox.takeTyped()
        if typed.typed {
            quietSince = now
            saidWaiting = false
            narrator.typed(typed.echoes)
        }
        if inbox.takeScreenAsked() { deliver(narrator.reading(screen.snapshot)) }
    }

    /// Quiet for `promptWait` after its output and what was typed: the program waits for an answer, said once.
    private mutating func askIfWaiting(_ deliver: ([Narration]) -> Void, at now: Duration) {
        guard let inbox, !saidWaiting, now - quietSince >= narrator.settings.promptWait, now >= nextProbe else {
            return
        }
        // Quiet, and not reading its terminal (starting, working, waiting for something else): not yet asking.
        if ForegroundProbe.isWaiting(master: child.descriptor(.terminal)) == false {
            nextProbe = now + Self.probeEvery
            // A line written in parts while the program works is said as a line once it waited its while.
            if now - quietSince >= narrator.settings.lineWait { deliver(narrator.notWaiting(at: now)) }
            return
        }
        // The quiet may have been the program starting: it then wrote its prompt and sat down to read in one go,
        // before this loop read the prompt (getpass turns echo off, writes "Password: ", reads). What it wrote
        // is read first, and the question waits its while again, so it is said with its words.
        if case .data(let bytes) = child.read(.terminal, waitingUpTo: .zero) {
            noteKeys(bytes)
            recorder?.output(bytes, at: now)
            quietSince = now
            deliver(narrator.observe(screen.feed(bytes), at: now))
            return
        }
        saidWaiting = true
        let menu = screen.menu
        inbox.setMenu(menu)
        deliver(narrator.waiting(hidden: child.readsHiddenLine, menu: menu, at: now))
        inbox.setWaiting()
    }

    /// Follows whether the program asked for application cursor keys (`ESC [ ? 1 h`, set back by `ESC [ ? 1 l`),
    /// so the arrows typed for it are the ones it reads.
    private func noteKeys(_ bytes: [UInt8]) {
        guard let inbox, bytes.contains(0x1B) else { return }
        let on: [UInt8] = [0x1B, 0x5B, 0x3F, 0x31, 0x68]
        let off: [UInt8] = [0x1B, 0x5B, 0x3F, 0x31, 0x6C]
        var last: Bool?
        var index = 0
        while index + on.count <= bytes.count {
            if bytes[index] == 0x1B {
                let slice = bytes[index..<index + on.count]
                if slice.elementsEqual(on) { last = true } else if slice.elementsEqual(off) { last = false }
            }
            index += 1
        }
        if let last { inbox.setApplicationCursor(last) }
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
