import Foundation
import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozSpeech

/// A `/proc` and `/sys` of the test's making, shaped as the kernel shows them.
struct FakeSystem {
    let root: String
    var roots: ScreenReaderDetector.Roots {
        ScreenReaderDetector.Roots(proc: root + "/proc", sys: root + "/sys", brlapi: [root + "/BrlAPI"])
    }

    init() {
        root = SpeechTestSupport.temporaryDirectory("fakesystem")
        try? FileManager.default.createDirectory(atPath: root + "/proc/self", withIntermediateDirectories: true)
    }

    /// A process: `comm` (the kernel's 15-character name), its command line, and its parent.
    func process(_ pid: Int, comm: String, arguments: [String]? = nil, parent: Int = 1) throws {
        let folder = root + "/proc/\(pid)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (String(comm.prefix(15)) + "\n").write(toFile: folder + "/comm", atomically: true, encoding: .utf8)
        let line = (arguments ?? [comm]).map { $0 + "\0" }.joined()
        try line.write(toFile: folder + "/cmdline", atomically: true, encoding: .utf8)
        try "\(pid) (\(comm.prefix(15))) S \(parent) \(pid) \(pid) 0 -1 4194560 0 0 0 0\n".write(
            toFile: folder + "/stat", atomically: true, encoding: .utf8)
    }

    /// Speakup's sysfs: the synthesizer it speaks through (`none` when it is loaded but silent).
    func speakup(synth: String) throws {
        let folder = root + "/sys/accessibility/speakup"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (synth + "\n").write(toFile: folder + "/synth", atomically: true, encoding: .utf8)
    }

    /// BrlAPI's socket folder with a socket in it (a plain file stands for the socket).
    func brlapi() throws {
        try FileManager.default.createDirectory(atPath: root + "/BrlAPI", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/BrlAPI/0", contents: nil))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}

@Suite struct ScreenReaderDetectorTests {
    /// One case of the table: what runs, and the reader found.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var processes: [(pid: Int, comm: String, arguments: [String]?)] = []
        var speakup: String?
        var environment: [String: String] = [:]
        var brlapi = false
        var speaking: ScreenReader?
        var braille = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing", processes: [(10, "bash", nil), (11, "sshd", nil)]),
        Case(name: "Orca", processes: [(10, "orca", ["/usr/bin/python3", "/usr/bin/orca"])], speaking: .orca),
        Case(
            name: "Orca run by python", processes: [(10, "python3", ["python3", "-O", "/usr/bin/orca"])],
            speaking: .orca),
        Case(name: "Fenrir", processes: [(10, "fenrir-daemon", nil)], speaking: .fenrir),
        Case(name: "espeakup", processes: [(10, "espeakup", nil)], speakup: "soft", speaking: .espeakup),
        Case(name: "speechd-up", processes: [(10, "speechd-up", nil)], speaking: .speechdUp),
        Case(name: "TDSR", processes: [(10, "python3", ["/usr/bin/python3", "/opt/tdsr/tdsr"])], speaking: .tdsr),
        Case(name: "yasr", processes: [(10, "yasr", nil)], speaking: .yasr),
        Case(name: "Speakup with a hardware synth", speakup: "apollo", speaking: .speakup),
        Case(name: "Speakup loaded, synth none", speakup: "none"),
        Case(
            name: "Emacspeak", environment: ["INSIDE_EMACS": "29.1,comint", "EMACSPEAK_DIR": "/usr/share/emacspeak"],
            speaking: .emacspeak),
        Case(name: "plain Emacs shell", environment: ["INSIDE_EMACS": "29.1,comint"]),
        Case(name: "BRLTTY alone", processes: [(10, "brltty", nil)], braille: true),
        Case(name: "BrlAPI socket alone", brlapi: true, braille: true),
        Case(
            name: "BRLTTY and Orca", processes: [(10, "brltty", nil), (11, "orca", nil)], speaking: .orca,
            braille: true),
    ]

    @Test(arguments: cases)
    func findsEachReaderOfTheTable(_ example: Case) throws {
        let system = FakeSystem()
        defer { system.remove() }
        for process in example.processes {
            try system.process(process.pid, comm: process.comm, arguments: process.arguments)
        }
        if let synth = example.speakup { try system.speakup(synth: synth) }
        if example.brlapi { try system.brlapi() }
        let found = ScreenReaderDetector(roots: system.roots, environment: example.environment, selfPID: 999).detect()
        #expect(found.speaking == example.speaking, "\(found.readers)")
        #expect(found.braille == example.braille)
    }

    @Test func findsAReaderThatIsAnAncestorRunByAnInterpreter() throws {
        let system = FakeSystem()
        defer { system.remove() }
        try system.process(50, comm: "perl", arguments: ["perl", "/home/ana/bin/yasr"])
        try system.process(60, comm: "bash", parent: 50)
        try system.process(70, comm: "voz", parent: 60)
        let found = ScreenReaderDetector(roots: system.roots, environment: [:], selfPID: 70).detect()
        #expect(found.speaking == .yasr)
    }

    @Test func anotherUsersOrcaIsNotThisUsersScreenReader() throws {
        let system = FakeSystem()
        defer { system.remove() }
        try system.process(10, comm: "orca")
        let other = getuid() == 0 ? uid_t(12345) : getuid() + 1
        let found = ScreenReaderDetector(roots: system.roots, environment: [:], selfPID: 999, user: other).detect()
        #expect(found.speaking == nil)
    }

    /// The work detection does, in this thread's processor time (kernel time included): on a loaded machine the
    /// wall clock also counts the time other builds hold the cores. `make bench` gives the wall-clock figure.
    @Test func detectionOnThisMachineTakesUnder5Milliseconds() {
        let detector = ScreenReaderDetector(environment: [:])
        func cpuTime() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }
        var times: [Double] = []
        for _ in 0..<21 {
            let start = cpuTime()
            _ = detector.detect()
            times.append(cpuTime() - start)
        }
        let median = times.sorted()[times.count / 2]
        #expect(median < 0.005, "median \(median * 1000) ms of processor time")
    }

    // MARK: - What auto chooses

    @Test func autoIsTextOnlyBesideAScreenReaderAndSaysWhyAndHowToChangeIt() async throws {
        let system = FakeSystem()
        defer { system.remove() }
        try system.process(10, comm: "orca")
        let localizer = Localizer(language: .en)
        let output = try await SpeechSetup.open(
            SpeechSettings(mode: .auto), language: .en, localizer: localizer, environment: [:], roots: system.roots)
        #expect(output.engine == nil)
        #expect(output.notice == localizer.text("speech.off.screenReader", ["reader": "Orca"]))
        #expect(output.notice?.contains("--speech speechd") == true)
    }
}
