import Foundation
import Testing
import VozTestTraits

/// `voz record` and `voz audit --keys` on real programs from Debian and PyPI (installed by `make test`), each
/// with the findings a careful auditor expects, and on voz itself, which must come out clean.
@Suite("Recording real programs", .serialized, .ownThread)
struct RecordingEndToEndTests {
    /// One program, its key script, and what the audit must and must not report.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var command: [String]
        var keys: String
        var violations: Set<String>
        /// Rules that must not fire: the false alarms an auditor would not forgive.
        var clean: Set<String>
        var testDescription: String { name }
    }

    static let python = "/usr/bin/python3"

    static let cases: [Case] =
        [
            Case(
                name: "bash read -p and read -s, with a final line",
                command: [
                    "bash", "-c", "read -p 'Your name: ' n; read -s -p 'Password: ' p; echo; echo \"Saved $n.\"",
                ],
                keys: "expect name\ntype Ana\nkey enter\nexpect Password\ntype hunter22\nkey enter\nwait-exit\n",
                violations: [], clean: ["*"]),
            Case(
                name: "bash read -p for a password",
                command: ["bash", "-c", "read -p 'Password: ' p; echo Saved."],
                keys: "expect Password\ntype hunter22\nkey enter\nwait-exit\n",
                violations: ["secret-echoed"], clean: ["prompt-no-label", "completion-not-announced"]),
            Case(
                name: "tqdm progress bar",
                command: [python, "-c", "import tqdm,time\nfor i in tqdm.tqdm(range(70)): time.sleep(0.1)"],
                keys: "wait-exit\n",
                violations: ["redraw-in-place", "auto-update-over-5s", "decorative-glyph-run"],
                // The final frame, "100%… 70/70", stays on its own line: it says the state.
                clean: [
                    "spinner-frames", "secret-echoed", "screen-cleared", "prompt-no-label", "completion-not-announced",
                ]),
            Case(
                name: "rich progress bar with a final line",
                command: [
                    python, "-c",
                    "import rich.progress,time\nfor i in rich.progress.track(range(20), description='Copying'): time.sleep(0.1)\nprint('Copied 20 files.')",
                ],
                keys: "wait-exit\n",
                // rich hides the cursor while it draws the bar: minor, for braille displays that follow the cursor.
                violations: ["redraw-in-place", "decorative-glyph-run", "cursor-hidden"],
                clean: ["completion-not-announced", "auto-update-over-5s", "screen-cleared"]),
            Case(
                name: "rich status spinner",
                command: [
                    python, "-c",
                    "import rich.console,time\nc=rich.console.Console()\nwith c.status('Working'): time.sleep(2)\nc.print('Done, 3 files.')",
                ],
                keys: "wait-exit\n", violations: ["spinner-frames", "cursor-hidden"],
                clean: ["completion-not-announced"]),
            Case(
                name: "questionary select",
                command: [
                    python, "-c",
                    "import questionary\na = questionary.select('Pick a fruit', choices=['Apple','Banana','Cherry']).ask()\nprint('You picked', a)",
                ],
                keys: "expect fruit\nkey down\nsleep 300\nkey enter\nwait-exit\n",
                violations: ["cursor-hidden", "focus-not-at-cursor", "arrow-key-choice", "symbol-unreadable"],
                clean: ["instructions-missing", "secret-echoed", "fullscreen-layout"]),
            Case(
                name: "click prompt with a refused answer",
                command: [
                    python, "-c", "import click\nage = click.prompt('Age', type=int)\nclick.echo(f'Saved age {age}.')",
                ],
                keys: "expect Age\ntype abc\nkey enter\nexpect Age\ntype 42\nkey enter\nwait-exit\n",
                violations: [], clean: ["*"]),
            Case(
                name: "whiptail menu",
                command: [
                    "whiptail", "--menu", "Pick a fruit", "15", "40", "3", "a", "Apple", "b", "Banana", "c", "Cherry",
                ],
                keys: "expect Pick\nkey down\nsleep 300\nkey enter\nwait-exit\n",
                violations: [
                    "fullscreen-layout", "arrow-key-choice", "decorative-glyph-run", "state-by-attribute-only",
                ],
                // The menu's box is a frame, not a table.
                clean: ["secret-echoed", "spinner-frames", "completion-not-announced", "table-as-art"]),
            Case(
                name: "dialog menu",
                command: [
                    "dialog", "--menu", "Pick a fruit", "15", "40", "3", "a", "Apple", "b", "Banana", "c", "Cherry",
                ],
                keys: "expect Pick\nkey down\nsleep 300\nkey enter\nwait-exit\n",
                // dialog leaves the alternate screen and clears the user's own before drawing on it.
                violations: [
                    "fullscreen-layout", "arrow-key-choice", "decorative-glyph-run", "state-by-attribute-only",
                    "screen-cleared",
                ],
                clean: ["secret-echoed", "spinner-frames", "completion-not-announced", "table-as-art"]),
        ] + missedClasses

    @Test(arguments: cases)
    func auditsAsAnAuditorWould(_ testCase: Case) async throws {
        let folder = try VozProcess.temporaryFolder("record")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Self.audit(testCase.command, keys: testCase.keys, in: folder)
        #expect(
            testCase.violations.isSubset(of: result.violations),
            "expected \(testCase.violations), got \(result.violations)")
        if testCase.clean.contains("*") {
            #expect(result.violations.isEmpty, "\(result.violations)")
            #expect(result.incomplete.isEmpty, "\(result.incomplete)")
        } else {
            #expect(testCase.clean.isDisjoint(with: result.violations), "false alarm among \(result.violations)")
        }
    }

    @Test func vozDemoIsClean() async throws {
        let folder = try VozProcess.temporaryFolder("record-demo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = """
            expect Campo 1
            type Ana Pérez
            key enter
            expect Campo 2
            type ana@ejemplo.com
            key enter
            expect Campo 3
            type secreto123
            key enter
            expect Campo 4
            key enter
            expect Campo 5
            key enter
            expect Campo 6
            type sí
            key enter
            expect enviar
            type :enviar
            key enter
            expect sí o no
            type sí
            key enter
            wait-exit

            """
        let command = [
            VozProcess.executable.path, "demo", "--speech", "none", "--no-draft", "--log",
            folder.appendingPathComponent("log").path,
        ]
        let result = try await Self.audit(command, keys: keys, in: folder, noColorCheck: true)
        #expect(result.status == 0)
        #expect(result.violations.isEmpty, "\(result.violations)")
        #expect(result.incomplete.isEmpty, "\(result.incomplete)")
        #expect(result.passes.contains("secret-echoed"))
        #expect(result.passes.contains("prompt-no-label"))
    }

    @Test func vozRunIsClean() async throws {
        let folder = try VozProcess.temporaryFolder("record-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = try await DemoServer.start()
        defer { service.stop() }
        let keys = """
            expect Field 1
            type Ana Pérez
            key enter
            expect Field 2
            type ana@example.com
            key enter
            expect Field 3
            type secreto123
            key enter
            expect Field 4
            key enter
            expect Field 5
            key enter
            expect Field 6
            type yes
            key enter
            expect :submit
            type :submit
            key enter
            expect yes or no
            type yes
            key enter
            wait-exit

            """
        let command = [
            VozProcess.executable.path, "run",
            VozProcess.packageRoot.appendingPathComponent("examples/create-account.json").path,
            "--url", service.baseURL.appendingPathComponent("accounts").absoluteString, "--speech", "none",
            "--no-draft", "--log", folder.appendingPathComponent("log").path,
        ]
        let result = try await Self.audit(command, keys: keys, in: folder)
        #expect(result.violations.isEmpty, "\(result.violations)")
        #expect(result.incomplete.isEmpty, "\(result.incomplete)")
    }

    @Test func recordWritesAsciicastWithTheEchoState() async throws {
        let folder = try VozProcess.temporaryFolder("record-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = folder.appendingPathComponent("keys")
        try "expect name\ntype Ana\nkey enter\nexpect Password\ntype hunter22\nkey enter\nwait-exit\n".write(
            to: keys, atomically: true, encoding: .utf8)
        let cast = folder.appendingPathComponent("read.cast")
        let run = try await Self.voz(
            [
                "record", "-o", cast.path, "--keys", keys.path, "--size", "100x30", "--timeout", "60", "--", "bash",
                "-c",
                "read -p 'Your name: ' n; read -s -p 'Password: ' p; echo; echo Saved.",
            ])
        #expect(run.status == 0, "\(run.error)")
        let lines = try String(contentsOf: cast, encoding: .utf8).split(separator: "\n")
        let header = try #require(
            JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100)
        #expect(header["height"] as? Int == 30)
        #expect(header["voz_input_echo"] as? [Bool] == [true, true, false, false])
        let events = try lines.dropFirst().map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any])
        }
        #expect(events.contains { $0[1] as? String == "i" && $0[2] as? String == "hunter22" })
        #expect(!events.contains { $0[1] as? String == "o" && ($0[2] as? String ?? "").contains("hunter22") })

        // The same file audited on its own, in the three formats.
        let text = try await Self.voz(["audit", "--recording", cast.path])
        #expect(text.status == 0)
        #expect(text.output.contains("No problems in 1 file"))
        let sarif = try await Self.voz(["audit", "--recording", cast.path, "--format", "sarif"])
        #expect(sarif.output.contains("\"secret-echoed\""))
    }

    @Test func aScriptThatWaitsInVainTimesOutAndKillsTheProgram() async throws {
        let folder = try VozProcess.temporaryFolder("record-timeout")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = folder.appendingPathComponent("keys")
        try "expect never shown\n".write(to: keys, atomically: true, encoding: .utf8)
        let cast = folder.appendingPathComponent("sleep.cast")
        let start = Date()
        let run = try await Self.voz(
            [
                "record", "-o", cast.path, "--keys", keys.path, "--timeout", "2", "--", "bash", "-c",
                "echo hi; sleep 60",
            ])
        #expect(run.status == 1)
        #expect(run.error.contains("line 1"))
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(FileManager.default.fileExists(atPath: cast.path))
    }

    // MARK: - Running the audit

    struct Audit {
        var status: Int32
        var violations: Set<String>
        var incomplete: Set<String>
        var passes: Set<String>
    }

    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = VozProcess.packageRoot.appendingPathComponent(".build/pydeps").path
        environment["TERM"] = nil
        environment["NO_COLOR"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["HOME"] = FileManager.default.temporaryDirectory.path
        return environment
    }

    /// Runs voz on a thread of its own, through a Python exec that closes the descriptors this test process
    /// would otherwise pass down (sockets of other suites' servers, held open for a whole recording, would keep
    /// their peers waiting).
    static func voz(_ arguments: [String]) async throws -> ChildProcess.Finished {
        let wrapper = "import os, sys; os.closerange(3, 1 << 16); os.execv(sys.argv[1], sys.argv[1:])"
        return try await ChildProcess.run(
            executable: python, arguments: ["-c", wrapper, VozProcess.executable.path] + arguments,
            environment: environment)
    }

    static func audit(_ command: [String], keys: String, in folder: URL, noColorCheck: Bool = false) async throws
        -> Audit
    {
        let keysFile = folder.appendingPathComponent("keys")
        try keys.write(to: keysFile, atomically: true, encoding: .utf8)
        let arguments =
            ["audit", "--keys", keysFile.path, "--timeout", "60", "--format", "json"]
            + (noColorCheck ? ["--no-color-check"] : []) + ["--"] + command
        let run = try await voz(arguments)
        // The whole key script ran: a recording that stopped early would audit only part of the program.
        #expect(!run.error.contains("stopped"), "\(run.error)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any],
            "\(run.output) \(run.error)")
        func ids(_ key: String) -> Set<String> {
            Set((report[key] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        }
        return Audit(
            status: run.status, violations: ids("violations"), incomplete: ids("incomplete"), passes: ids("passes"))
    }
}

// MARK: - The reviewer's classes, on real programs

extension RecordingEndToEndTests {
    /// Programs that showed the classes of misses and false alarms of issue 26, section 1.
    static let missedClasses: [Case] = [
        Case(
            name: "read -t takes its default by itself",
            command: ["bash", "-c", "read -t 2 -p 'Continue? [Y/n] ' a; echo; echo \"Going on with ${a:-Y}.\""],
            keys: "wait-exit\n", violations: ["input-timeout"], clean: ["prompt-no-label", "error-not-identified"]),
        Case(
            name: "ls --color tells file types by colour alone",
            command: [
                "bash", "-c",
                "d=$(mktemp -d); cd $d; mkdir bin docs; touch timeout.conf notes.txt run.sh; chmod +x run.sh; "
                    + "ls --color=always; rm -r $d",
            ],
            keys: "wait-exit\n", violations: ["color-only-meaning"], clean: ["input-timeout", "table-as-art"]),
        Case(
            name: "ls -F --color marks the types in text",
            command: [
                "bash", "-c",
                "d=$(mktemp -d); cd $d; mkdir bin docs; touch timeout.conf notes.txt run.sh; chmod +x run.sh; "
                    + "ls -F --color=always; rm -r $d",
            ],
            keys: "wait-exit\n", violations: [], clean: ["color-only-meaning", "input-timeout"]),
        Case(
            name: "ed answers a bad command with ?",
            command: ["ed"], keys: "type x\nkey enter\nexpect ?\ntype q\nkey enter\nwait-exit\n",
            violations: ["error-not-identified", "error-no-suggestion"], clean: ["input-timeout", "secret-echoed"]),
        Case(
            name: "a password echoed key by key",
            command: ["bash", "-c", "read -p 'Password: ' p; echo Saved."],
            keys: "expect Password\n" + "hunter22".map { "type \($0)\n" }.joined() + "key enter\nwait-exit\n",
            violations: ["secret-echoed"], clean: ["prompt-no-label"]),
        Case(
            name: "a usage line after an answer",
            command: ["bash", "-c", "read -p 'Command: ' c; echo 'usage: copy SOURCE DEST'; exit 2"],
            keys: "expect Command\ntype copy\nkey enter\nwait-exit\n", violations: ["error-not-identified"],
            clean: ["prompt-no-label"]),
        Case(
            name: "Validation failed after an answer",
            command: ["bash", "-c", "read -p 'Email: ' e; echo 'Validation failed.'"],
            keys: "expect Email\ntype abc\nkey enter\nwait-exit\n", violations: ["error-no-suggestion"],
            clean: ["prompt-no-label", "input-timeout"]),
        Case(
            name: "a failed exit right after an answer",
            command: ["bash", "-c", "read -p 'Port: ' p; exit 1"],
            keys: "expect Port\ntype 99999\nkey enter\nwait-exit\n", violations: ["error-not-identified"],
            clean: ["prompt-no-label"]),
        Case(
            name: "a spinner, then input() with no prompt",
            command: [
                python, "-c",
                "import sys,time\nfor c in '|/-\\\\'*4:\n    sys.stdout.write('\\r'+c+' Loading'); sys.stdout.flush(); "
                    + "time.sleep(0.08)\nsys.stdout.write('\\r\\x1b[2K'); sys.stdout.flush()\nx=input()\nprint('Got', x)",
            ],
            keys: "sleep 1500\ntype abc\nkey enter\nwait-exit\n", violations: ["prompt-no-label", "spinner-frames"],
            clean: ["secret-echoed"]),
        Case(
            name: "progress followed by an unrelated line",
            command: [
                python, "-c",
                "import time\nfor i in range(0, 70, 10):\n    print(f'\\r{i}% copied', end='', flush=True); "
                    + "time.sleep(0.1)\nprint('\\nElapsed time 1 s.')",
            ],
            keys: "wait-exit\n", violations: ["completion-not-announced", "redraw-in-place"], clean: ["spinner-frames"]),
        Case(
            name: "dpkg -l rules its header off", command: ["dpkg", "-l", "bash", "coreutils"], keys: "wait-exit\n",
            violations: ["table-as-art"], clean: ["color-only-meaning", "input-timeout"]),
        Case(
            name: "clear at start", command: ["bash", "-c", "clear; echo Menu"], keys: "wait-exit\n",
            violations: ["screen-cleared"], clean: ["fullscreen-layout"]),
        Case(
            name: "lines scrolling up, each starting with its newline",
            command: [
                "bash", "-c", "for i in $(seq 1 40); do printf '\\nGet:%d item %d' $i $i; sleep 0.02; done; echo",
            ],
            keys: "wait-exit\n", violations: [], clean: ["redraw-in-place", "auto-update-over-5s"]),
        Case(
            name: "a plain line wider than the terminal",
            command: [
                "printf", "Get:1 http://deb.debian.org/debian bookworm/main amd64 libexample-dev 1.2.3-4 [45.6 kB]\\n",
            ],
            keys: "wait-exit\n", violations: ["line-too-long"], clean: ["table-as-art"]),
    ]
}
