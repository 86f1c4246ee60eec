import Foundation
import Testing
import VozTestTraits

/// `voz wrap --answers` on real programs that ask: each question said once as a label, each answer typed with
/// Enter when the program waits for it, a secret read with echo off never printed or kept, wrap's commands
/// (`:keys`, `:screen`, `:repeat`), and the end of input when the answers run out.
@Suite(.ownThread) struct WrapAnswersEndToEndTests {
    struct Run {
        var output: RawVozProcess.Output
        var transcript: String
        var inputs: [[String: Any]]
    }

    /// Runs `voz wrap --speech none --answers FILE --transcript FILE -- command` with `answers`, one a line.
    static func wrap(_ command: [String], answers: [String]) async throws -> Run {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let transcript = home.appendingPathComponent("wrap.jsonl")
        let answersFile = home.appendingPathComponent("answers.txt")
        try answers.map { $0 + "\n" }.joined().write(to: answersFile, atomically: true, encoding: .utf8)
        let environment = VozProcess.environment(home: home)
        let run = try await RawVozProcess.run(
            [
                "wrap", "--speech", "none", "--answers", answersFile.path, "--transcript", transcript.path, "--",
            ] + command, environment: environment, timeout: 60)
        let text = try String(contentsOf: transcript, encoding: .utf8)
        let inputs = try HostileText.transcriptEvents(transcript).filter { $0["kind"] as? String == "input" }
        let audit = try await RawVozProcess.run(
            ["audit", "--transcript", transcript.path, "--fail-on", "minor"], environment: environment)
        #expect(audit.status == 0, "Voz's own audit of the transcript: \(audit.stdout)")
        return Run(output: run, transcript: text, inputs: inputs)
    }

    @Test func aQuestionIsSaidAsALabelAndTheAnswerTyped() async throws {
        let script = "name = input('Your name? ')\nprint('Hello, %s.' % name)"
        let run = try await Self.wrap(["python3", "-c", script], answers: ["Ann"])
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(run.output.lines == ["python3 asks: Your name?", "Hello, Ann.", "python3 finished."])
        #expect(run.inputs.map { $0["text"] as? String } == ["Ann"])
    }

    static let secret = "tr0ub4dor-and-3"

    /// getpass and bash's `read -s` read with echo off: wrap says so, types the answer, and keeps it nowhere.
    @Test(arguments: [
        (
            ["python3", "-c", "import getpass\np = getpass.getpass('Password: ')\nprint('got', len(p))"],
            "python3 asks for a hidden answer: Password: What you type is not shown."
        ),
        (
            ["bash", "-c", "read -s -p 'Password: ' p; echo; echo got ${#p}"],
            "bash asks for a hidden answer: Password: What you type is not shown."
        ),
    ])
    func aSecretIsTypedAndNeverKept(command: [String], question: String) async throws {
        let run = try await Self.wrap(command, answers: [Self.secret])
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(run.output.lines.first == question, "\(run.output.lines)")
        #expect(run.output.lines.contains("got \(Self.secret.count)"), "\(run.output.lines)")
        #expect(!run.output.stdout.contains(Self.secret))
        #expect(!run.output.stderr.contains(Self.secret))
        #expect(!run.transcript.contains(Self.secret))
        #expect(run.inputs.count == 1)
        #expect(run.inputs.first?["text"] as? String == "hidden")
        #expect(run.inputs.first?["detail"] as? String == "hidden")
    }

    /// `:screen` reads the rows, `:repeat` says the last line again; neither reaches the program.
    @Test func theScreenAndTheLastLineAreSaidAgain() async throws {
        let script = "echo 'Three colours: red, green, blue.'; read -p 'Colour? ' c; echo \"colour=$c\""
        let run = try await Self.wrap(["bash", "-c", script], answers: [":screen", ":repetir", "green"])
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(
            run.output.lines == [
                "Three colours: red, green, blue.", "bash asks: Colour?", "Three colours: red, green, blue.",
                "Colour?", "Colour?", "colour=green", "bash finished.",
            ], "\(run.output.lines)")
    }

    /// `:keys` passes named keys through as the terminal sends them, to a program reading keys one by one.
    @Test func namedKeysArePassedThrough() async throws {
        let script = """
            import sys, tty
            tty.setraw(0)
            keys = sys.stdin.read(6)
            tty.setcbreak(0)
            print(repr(keys))
            """
        let run = try await Self.wrap(["python3", "-c", script], answers: [":keys down tab space enter"])
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(run.output.lines.contains("'\\x1b[B\\t \\r'"), "\(run.output.lines)")
        // Typed at a program reading keys one by one, which may have been a password: kept as hidden.
        #expect(run.inputs.map { $0["text"] as? String } == ["hidden"])
    }

    /// whiptail's menu (newt, which polls its terminal and reads arrows as application keys) answered with
    /// `:keys down enter`: the second item is chosen, and its tag is what whiptail writes.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/whiptail")))
    func aWhiptailMenuIsAnsweredWithNamedKeys() async throws {
        let run = try await Self.wrap(
            ["whiptail", "--menu", "Pick a colour", "15", "40", "4", "red", "Red", "green", "Green", "blue", "Blue"],
            answers: [":keys down enter"])
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(run.output.lines.suffix(2) == ["green", "whiptail finished."], "\(run.output.lines)")
    }

    /// whiptail's menu said as numbered choices; the number typed becomes the arrows that reach it, each step
    /// checked on the screen, then Enter.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/whiptail")))
    func aWhiptailMenuIsChosenByNumber() async throws {
        let run = try await Self.wrap(
            ["whiptail", "--menu", "Pick a colour", "15", "40", "4", "red", "Red", "green", "Green", "blue", "Blue"],
            answers: ["3"])
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(
            run.output.lines.contains(
                "whiptail asks you to choose 1 to 3: 1, red Red, current; 2, green Green; 3, blue Blue."),
            "\(run.output.lines)")
        #expect(run.output.lines.suffix(2) == ["blue", "whiptail finished."], "\(run.output.lines)")
        #expect(run.inputs.map { $0["text"] as? String } == ["3"])
    }

    /// A line written in parts while the program works (it reads nothing) is said as a line, not as a question.
    @Test func aLineInPartsIsNoQuestion() async throws {
        let run = try await Self.wrap(["bash", "-c", "printf 'Downloading... '; sleep 2; echo done"], answers: [])
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(run.output.lines == ["Downloading...", "done", "bash finished."], "\(run.output.lines)")
    }

    /// A key that does not exist is said so, and nothing is sent.
    @Test func anUnknownKeyIsSaidAndNothingSent() async throws {
        let run = try await Self.wrap(
            ["bash", "-c", "read -p 'Go? ' a; echo \"a=$a\""], answers: [":keys sideways", "yes"])
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(run.output.lines.contains { $0.hasPrefix("No key is named sideways. Keys: up, down,") })
        #expect(run.output.lines.contains("a=yes"), "\(run.output.lines)")
    }

    /// Out of answers, the program asking again gets the end of input and ends rather than waiting forever.
    @Test func theEndOfTheAnswersIsTheEndOfInput() async throws {
        let script = "read -p 'First? ' a; read -p 'Second? ' b || echo 'no more input'; echo \"a=$a b=$b\""
        let run = try await Self.wrap(["bash", "-c", script], answers: ["1"])
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(run.output.lines.contains("no more input"), "\(run.output.lines)")
        #expect(run.output.lines.contains("a=1 b="), "\(run.output.lines)")
    }
}
