import Testing
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

/// Programs under a pseudo-terminal, as `voz wrap` runs them: the size they see, a window change, Ctrl-C and
/// Ctrl-Z, output read as it comes, the exit status, and the whole session stopped.
@Suite struct PseudoTerminalTests {
    private static func terminal(_ arguments: [String], columns: Int = 100, rows: Int = 30) throws -> RunningProcess {
        guard let program = arguments.first else { throw ProcessError.notFound("") }
        return try RunningProcess.spawn(
            ProcessOptions(
                executable: program, arguments: Array(arguments.dropFirst()), environment: ["PATH": "/usr/bin:/bin"],
                terminal: .init(columns: columns, rows: rows)))
    }

    @Test func theProgramSeesTheSizeGivenAndItsExitStatusComesBack() throws {
        let child = try Self.terminal(["sh", "-c", "stty size; exit 5"])
        #expect(child.text(from: .terminal, within: .seconds(10)).contains("30 100"))
        #expect(child.reap(blocking: true) == .exited(5))
        #expect(getsid(child.pid) != getsid(0))
    }

    /// TIOCSWINSZ: the new size is what the program reads, and SIGWINCH tells it so.
    @Test func aWindowChangeReachesTheProgram() throws {
        let child = try Self.terminal([
            "sh", "-c", "trap 'echo winch; stty size' WINCH; echo ready; while :; do sleep 0.05; done",
        ])
        #expect(child.text(from: .terminal, until: "ready", within: .seconds(10)).contains("ready"))
        #expect(child.setWindowSize(.init(columns: 120, rows: 40)))
        let said = child.text(from: .terminal, until: "40 120", within: .seconds(10))
        #expect(said.contains("winch") && said.contains("40 120"), "\(said)")
        child.stop()
    }

    /// Ctrl-C typed at the terminal interrupts the program in its foreground.
    @Test func ctrlCInterruptsTheProgram() throws {
        let child = try Self.terminal(["sh", "-c", "echo ready; exec sleep 30"])
        #expect(child.text(from: .terminal, until: "ready", within: .seconds(10)).contains("ready"))
        // The exec has happened once sleep holds the terminal quietly; a Ctrl-C before it would end sh the same.
        #expect(child.press(.interrupt))
        #expect(child.wait(upTo: .seconds(10)) == .signalled(SIGINT))
    }

    /// Ctrl-Z reaches the program as SIGTSTP, which it may handle as it likes.
    @Test func ctrlZSuspendsTheProgram() throws {
        let script = """
            import os, signal, time
            def suspended(*_):
                os.write(1, b"suspended\\n")
                os._exit(7)
            signal.signal(signal.SIGTSTP, suspended)
            print("ready", flush=True)
            time.sleep(30)
            """
        let child = try Self.terminal(["python3", "-c", script])
        #expect(child.text(from: .terminal, until: "ready", within: .seconds(20)).contains("ready"))
        #expect(child.press(.suspend))
        #expect(child.text(from: .terminal, until: "suspended", within: .seconds(10)).contains("suspended"))
        #expect(child.wait(upTo: .seconds(10)) == .exited(7))
    }

    /// Output is read as it comes, each read bounded: the first line arrives while the program still runs.
    @Test func outputIsReadAsItComes() throws {
        let child = try Self.terminal(["sh", "-c", "echo first; sleep 30"])
        #expect(child.text(from: .terminal, until: "first", within: .seconds(10)).contains("first"))
        #expect(!child.hasEnded)
        #expect(child.read(.terminal, waitingUpTo: .milliseconds(100)) == .quiet)
        #expect(child.stop(grace: .seconds(5)).signal == SIGHUP)
    }

    /// The whole session stops: a job a shell with job control put in a group of its own, and one that ignores
    /// the hang-up.
    @Test(arguments: [
        "set -m; sleep 300 & echo $!; sleep 300",
        "trap '' HUP TERM; sleep 300 & echo $!; sleep 300",
    ])
    func stoppingTheSessionStopsEveryGroupInIt(script: String) throws {
        let child = try Self.terminal(["sh", "-c", script])
        let line = child.text(from: .terminal, until: "\n", within: .seconds(10))
        // The terminal ends the line with CR LF, one Character.
        let grandchild = try #require(line.split(whereSeparator: \.isNewline).first.flatMap { pid_t($0) }, "\(line)")
        #expect(isRunning(grandchild))
        _ = child.stop(grace: .milliseconds(300))
        #expect(!isRunning(grandchild), "the job \(grandchild) still runs")
        #expect(child.family?.isRunning == false)
    }

    /// Its echo state is the terminal's, as the program sets it.
    @Test func echoFollowsTheProgram() throws {
        let child = try Self.terminal(["sh", "-c", "stty -echo; echo off; sleep 30"])
        #expect(child.text(from: .terminal, until: "off", within: .seconds(10)).contains("off"))
        #expect(!child.echoes)
        child.stop()
    }
}
