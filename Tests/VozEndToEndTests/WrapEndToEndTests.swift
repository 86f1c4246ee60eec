import Foundation
import Testing
import VozTestTraits

/// `voz wrap` on real programs, run as a person runs it: what it prints (each line the person's screen reader reads),
/// what its transcript holds, and the exit status it passes on.
@Suite(.ownThread) struct WrapEndToEndTests {
    static var pythonPath: String { VozProcess.packageRoot.appendingPathComponent(".build/pydeps").path }

    /// Runs `voz wrap --speech none [extra] -- command` with a transcript; returns the run and the transcript's texts.
    static func wrap(_ command: [String], options: [String] = [], timeout: TimeInterval = 60) async throws -> (
        RawVozProcess.Output, [String]
    ) {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let transcript = home.appendingPathComponent("wrap.jsonl")
        let environment = VozProcess.environment(home: home, extra: ["PYTHONPATH": pythonPath])
        let run = try await RawVozProcess.run(
            ["wrap", "--speech", "none", "--transcript", transcript.path] + options + ["--"] + command,
            environment: environment, timeout: timeout)
        let said = try HostileText.transcriptEvents(transcript).filter { $0["kind"] as? String == "announcement" }
        let audit = try await RawVozProcess.run(
            ["audit", "--transcript", transcript.path, "--fail-on", "minor"], environment: environment)
        #expect(audit.status == 0, "Voz's own audit of the transcript: \(audit.stdout)")
        return (run, said.compactMap { $0["text"] as? String })
    }

    @Test func linesAreSaidOnceAndTheEndLineComes() async throws {
        let (run, said) = try await Self.wrap([
            "bash", "-c", "for i in 1 2 3; do echo \"step $i of 3\"; sleep 0.2; done; printf 'no newline'",
        ])
        let expected = ["step 1 of 3", "step 2 of 3", "step 3 of 3", "no newline", "bash finished."]
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == expected)
        #expect(said == expected)
    }

    @Test func aFailureEndsWithItsStatusAndLastError() async throws {
        let (run, said) = try await Self.wrap([
            "bash", "-c", "echo compiling; echo 'main.c: error: expected a semicolon' >&2; echo 'two warnings'; exit 2",
        ])
        #expect(run.status == 2)
        let end = "bash failed and exited with 2. Last error: main.c: error: expected a semicolon"
        #expect(run.lines == ["compiling", "main.c: error: expected a semicolon", "two warnings", end])
        #expect(said.last == end)
    }

    /// The program gets ACCESSIBLE=1, a terminal type and a terminal of the person's size (80 by 24 without one).
    @Test(arguments: [([String](), "1"), (["--no-accessible-env"], "")])
    func theProgramsEnvironment(options: [String], accessible: String) async throws {
        let (run, _) = try await Self.wrap(
            ["bash", "-c", "echo \"accessible=$ACCESSIBLE term=$TERM\"; stty size; test -t 0 && echo terminal"],
            options: options)
        #expect(run.lines == ["accessible=\(accessible) term=xterm-256color", "24 80", "terminal", "bash finished."])
    }

    /// A hundred thousand lines: each printed once, in order, and voz's memory the same as for a thousand.
    @Test func aFloodIsPrintedWholeInBoundedMemory() async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = VozProcess.environment(home: home)
        var peaks: [Int] = []
        for count in [1_000, 100_000] {
            let run = try await RawVozProcess.run(
                ["wrap", "--speech", "none", "--", "seq", "1", String(count)], environment: environment,
                timeout: 300)
            #expect(run.status == 0)
            #expect(run.lines == (1...count).map(String.init) + ["seq finished."])
            peaks.append(run.peakMemoryKilobytes ?? 0)
        }
        #expect(peaks[1] < peaks[0] + 16 * 1024, "peak memory in KB for 1,000 and 100,000 lines: \(peaks)")
    }

    /// tqdm redraws its bar ten times a second: voz says its first state and its last, not every frame.
    @Test func aTqdmBarIsSaidSparselyWithItsLastState() async throws {
        let script = """
            import time
            from tqdm import tqdm
            for _ in tqdm(range(40), desc="Copying"):
                time.sleep(0.05)
            print("All copied.")
            """
        let (run, said) = try await Self.wrap(["python3", "-c", script])
        #expect(run.status == 0, "\(run.stderr)")
        let bars = run.lines.filter { $0.hasPrefix("Copying") }
        #expect(!bars.isEmpty && bars.count <= 3, "\(run.lines)")
        #expect(bars.last?.contains("100% 40/40") == true, "\(run.lines)")
        #expect(run.lines.suffix(2) == ["All copied.", "python3 finished."])
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("█"))
        #expect(said == run.lines)
    }

    /// rich's status spinner turns for two seconds: its words are said once, its frames never.
    @Test func aRichSpinnerIsSilentAndItsWordsAreSaidOnce() async throws {
        let script = """
            import time
            from rich.console import Console
            console = Console()
            with console.status("Fetching the index"):
                time.sleep(2)
            console.print("Index ready.")
            """
        let (run, _) = try await Self.wrap(["python3", "-c", script])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == ["Fetching the index", "Index ready.", "python3 finished."], "\(run.lines)")
    }

    @Test func aProgramThatDoesNotExistIsSaidSo() async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try await RawVozProcess.run(
            ["wrap", "--speech", "none", "--", "no-such-program-here"], environment: VozProcess.environment(home: home))
        #expect(run.status == 127)
        #expect(run.stderr == "no-such-program-here was not found: check its name, or give its path.\n")
    }

    @Test func aBadProgressIntervalIsRefused() async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try await RawVozProcess.run(
            ["wrap", "--progress-every", "0", "--", "true"], environment: VozProcess.environment(home: home))
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-every"), "\(run.stderr)")
    }
}
