import Testing
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

/// Children on pipes: what they write, how they end, what they inherit, and stopping all they started.
@Suite struct RunningProcessTests {
    private static func sh(
        _ script: String, grouping: ProcessOptions.Grouping = .inherited, kept: [Int32] = []
    ) throws -> RunningProcess {
        try RunningProcess.spawn(
            ProcessOptions(
                executable: "sh", arguments: ["-c", script], grouping: grouping, keptDescriptors: kept))
    }

    @Test func bothOutputsAndTheExitCodeComeBack() throws {
        let child = try Self.sh("echo out; echo err >&2; exit 3")
        #expect(child.text(from: .output, within: .seconds(10)) == "out\n")
        #expect(child.text(from: .error, within: .seconds(10)) == "err\n")
        #expect(child.reap(blocking: true) == .exited(3))
        #expect(child.exit?.shellStatus == 3)
    }

    @Test func aProgramNotOnPathIsNotFound() {
        #expect(throws: ProcessError.notFound("voz-no-such-program")) {
            try RunningProcess.spawn(ProcessOptions(executable: "voz-no-such-program"))
        }
    }

    /// A read waits for the time given and no longer, whatever the child does.
    @Test func aReadOfAQuietChildEndsAtItsLimit() throws {
        let child = try RunningProcess.spawn(ProcessOptions(executable: "/bin/sleep", arguments: ["30"]))
        let start = ContinuousClock.now
        #expect(child.read(.output, waitingUpTo: .milliseconds(200)) == .quiet)
        let waited = start.duration(to: .now)
        #expect(waited >= .milliseconds(150) && waited < .seconds(5), "\(waited)")
        #expect(child.stop(grace: .seconds(5)) == .signalled(SIGTERM))
    }

    @Test(arguments: [ProcessOptions.Grouping.processGroup, .session])
    func aGroupOrSessionIsLedByTheChild(grouping: ProcessOptions.Grouping) throws {
        let child = try RunningProcess.spawn(
            ProcessOptions(executable: "/bin/sleep", arguments: ["30"], grouping: grouping))
        #expect(getpgid(child.pid) == child.pid)
        #expect((getsid(child.pid) == child.pid) == (grouping == .session))
        child.stop()
    }

    /// What the child started is stopped with it: a background job, and one that ignores the polite signals.
    @Test(arguments: [
        "sleep 300 & echo $!; sleep 300",
        "trap '' TERM HUP; sleep 300 & echo $!; sleep 300",
    ])
    func stoppingTheGroupStopsTheGrandchildren(script: String) throws {
        let child = try Self.sh(script, grouping: .processGroup)
        let line = child.text(from: .output, until: "\n", within: .seconds(10))
        let grandchild = try #require(line.split(separator: "\n").first.flatMap { pid_t($0) })
        #expect(isRunning(grandchild))
        let ending = child.stop(grace: .milliseconds(300))
        #expect(ending.signal != nil, "\(ending)")
        #expect(!isRunning(grandchild), "the grandchild \(grandchild) still runs")
        #expect(child.family?.isRunning == false)
    }

    /// Kept descriptors arrive as 3, 4…; nothing else of this process does, close-on-exec or not.
    @Test func theChildGetsItsKeptDescriptorsAndNoOther() throws {
        var pair: [Int32] = [-1, -1]
        #expect(pipe(&pair) == 0)
        // Not close-on-exec, at a free number: what a careless library leaves open.
        let opened = open("/dev/null", O_RDONLY)
        let stray = fcntl(opened, F_DUPFD, 100)
        close(opened)
        defer { close(stray) }
        let child = try Self.sh("echo kept >&3; ls /proc/self/fd", kept: [pair[1]])
        close(pair[1])
        var note = [UInt8](repeating: 0, count: 16)
        let count = read(pair[0], &note, note.count)
        close(pair[0])
        #expect(String(decoding: note.prefix(max(0, count)), as: UTF8.self) == "kept\n")
        let listed = child.text(from: .output, within: .seconds(10)).split(separator: "\n")
        #expect(!listed.contains(Substring(String(stray))), "\(listed)")
        // 0, 1, 2, the kept 3, and the folder ls reads.
        #expect(listed.count <= 5, "\(listed)")
        child.reap(blocking: true)
    }
}
