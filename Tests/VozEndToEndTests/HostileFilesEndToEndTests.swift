import Foundation
import Testing
import VozKit

/// Issue 37, items 8, 9 and 18, end to end with the real binary: only regular files are created or changed, a FIFO
/// at a log's place never holds a run, a device named for the log is never chmod-ed, links at the state and drafts
/// folders and at named outputs are never followed, and a folder named as the answers is one sentence.
// Serialized: each case starts real processes, and a burst of them would starve the timing tests of others.
@Suite(.serialized) struct HostileFilesEndToEndTests {
    static let halfAnswers = PrivateFilesEndToEndTests.halfAnswers

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    // MARK: - FIFOs and devices

    /// The old code waited in open(2) for a reader before the first question; the timeout makes a regression a
    /// failure rather than a hang.
    @Test func aFIFOAtTheDefaultLogsPlaceDoesNotHoldTheRun() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        try FileManager.default.createDirectory(at: run.stateFolder, withIntermediateDirectories: true)
        #expect(mkfifo(run.defaultLog.path, 0o600) == 0)
        let output = try await run.run(url: server.accountsURL, answers: Self.halfAnswers, timeout: 20)
        #expect(!output.timedOut, "the run waited for a reader of the log's FIFO")
        #expect(output.status == 1, "\(output.stderr)")
        let (_, spanish) = try FormRun.spanish()
        #expect(output.lines.last == spanish.text("session.endOfInput"))
    }

    @Test(arguments: ["--log", "--transcript"])
    func aFIFONamedForTheLogOrTheTranscriptIsOneSentence(option: String) async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let fifo = run.home.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        try Data((Self.halfAnswers.joined(separator: "\n") + "\n").utf8).write(to: run.answersFile)
        let output = try await RawVozProcess.run(
            [
                "run", FormRun.exampleForm, "--url", server.accountsURL.absoluteString, "--speech", "none",
                "--answers", run.answersFile.path, option, fifo,
            ],
            environment: run.environment, timeout: 20)
        #expect(!output.timedOut)
        #expect(output.status == 2)
        // Named on the command line: said in its user's language (C.UTF-8 here, English), not the form's.
        let key = option == "--log" ? "server.log.notAFile" : "output.notAFile"
        let arguments = option == "--log" ? ["path": fifo] : ["file": fifo]
        #expect(output.stderr == Localizer(language: .en).text(key, arguments) + "\n")
        #expect(Self.mode(fifo) == 0o644)
    }

    /// As root the old code narrowed `--log /dev/null` to 0600, breaking /dev/null for every user. A null device
    /// node of the test's own shows it without touching the real one (as another user, /dev/null itself is used:
    /// the run must accept it).
    @Test func aDeviceNamedForTheLogIsWrittenToAndKeepsItsMode() async throws {
        let server = try await DemoServer.start(arguments: ["--unavailable", "1"])
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        var device = run.home.appendingPathComponent("null").path
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) != 0 { device = "/dev/null" }
        _ = chmod(device, 0o666)
        let before = Self.mode(device)
        let output = try await run.run(url: server.accountsURL, answers: Self.halfAnswers, extra: ["--log", device])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(Self.mode(device) == before)
    }

    // MARK: - Links at the state and drafts folders

    @Test func aLinkAtTheStateFolderIsNotFollowedNorItsTargetChmodded() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let victim = run.home.appendingPathComponent("shared")
        try FileManager.default.createDirectory(
            at: victim, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.createDirectory(
            at: run.stateFolder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: run.stateFolder, withDestinationURL: victim)
        let output = try await run.run(url: server.accountsURL, answers: Self.halfAnswers)
        #expect(output.status == 1, "\(output.stderr)")
        let (_, spanish) = try FormRun.spanish()
        #expect(output.lines.last == spanish.text("session.endOfInput.noDraft"))
        #expect(Self.mode(victim.path) == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).isEmpty)
    }

    /// A drafts folder planted as a link to `~/Documents`: the file of the draft's name there is neither
    /// overwritten by the run nor deleted after a send.
    @Test(arguments: [false, true])
    func aDraftsFolderThatIsALinkIsNotFollowed(sends: Bool) async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let documents = run.home.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        let precious = documents.appendingPathComponent("crear-cuenta.json")
        try Data("my own notes\n".utf8).write(to: precious)
        try FileManager.default.createDirectory(at: run.stateFolder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: run.draftsFolder, withDestinationURL: documents)
        let answers = sends ? FormRun.validAnswers() : Self.halfAnswers
        _ = try await run.run(url: server.accountsURL, answers: answers)
        #expect(try Data(contentsOf: precious) == Data("my own notes\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: documents.path) == ["crear-cuenta.json"])
    }

    // MARK: - Answers

    @Test func aFolderNamedAsTheAnswersIsOneSentence() async throws {
        let run = FormRun()
        defer { run.remove() }
        let folder = run.home.appendingPathComponent("answers-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = try await RawVozProcess.run(
            ["run", FormRun.exampleForm, "--url", "http://127.0.0.1:9/", "--speech", "none", "--answers", folder.path],
            environment: run.environment, timeout: 20)
        #expect(output.status == 2)
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(folder.path), "\(output.stderr)")
    }

    @Test func aFolderOnStandardInputIsOneSentence() async throws {
        let run = FormRun()
        defer { run.remove() }
        let command =
            "exec \"$0\" run \(FormRun.exampleForm) --url http://127.0.0.1:9/ --speech none < \"\(run.home.path)\""
        let output = try await ChildProcess.run(
            executable: "/bin/sh", arguments: ["-c", command, VozProcess.executable.path],
            environment: run.environment, directory: VozProcess.packageRoot.path, input: [], limit: .seconds(20),
            interruptGrace: .milliseconds(500))
        let error = String(decoding: output.errorBytes, as: UTF8.self)
        #expect(output.status == 2, "\(error)")
        #expect(error.split(separator: "\n").count == 1, "\(error)")
    }
}
