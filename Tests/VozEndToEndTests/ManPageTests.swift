import Foundation
import Testing

/// The man page is generated from the specs behind `--help`; these prove the committed page is that
/// generation, covers every option `--help` shows, and renders cleanly with man.
@Suite struct ManPageTests {
    private var committedPage: String {
        get throws {
            try String(contentsOf: VozProcess.packageRoot.appendingPathComponent("docs/voz.1"), encoding: .utf8)
        }
    }

    @Test func theCommittedPageIsWhatVozGenerates() async throws {
        let generated = try await ChildProcess.run(
            executable: VozProcess.executable.path, arguments: ["--generate-manpage"])
        #expect(generated.status == 0)
        let difference = Self.firstDifference(generated.output, try committedPage)
        #expect(difference == nil, "docs/voz.1 is out of date (\(difference ?? "")): run make docs and commit it.")
    }

    @Test func theCommittedCompletionIsWhatVozGenerates() async throws {
        let generated = try await ChildProcess.run(
            executable: VozProcess.executable.path, arguments: ["--generate-completion", "bash"])
        let committed = try String(
            contentsOf: VozProcess.packageRoot.appendingPathComponent("docs/voz.bash"), encoding: .utf8)
        #expect(generated.status == 0)
        let difference = Self.firstDifference(generated.output, committed)
        #expect(difference == nil, "docs/voz.bash is out of date (\(difference ?? "")): run make docs and commit it.")
    }

    @Test func everyCommandAndOptionOfHelpIsInThePage() async throws {
        let page = try committedPage
        let commands = try await Self.helpCommands()
        #expect(commands.count >= 7, "voz --help lists the commands as '  name: summary'")
        var optionsChecked = 0
        for command in commands {
            let hasSection = page.contains(".SS \"voz \(command)")
            #expect(hasSection, "the page has no section for voz \(command)")
            for option in try await Self.helpOptions(of: command) {
                let roff = "\\fB\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
                let listed = page.contains(roff)
                #expect(listed, "voz \(command) --help lists --\(option), the man page does not")
                optionsChecked += 1
            }
        }
        #expect(optionsChecked > 20)
    }

    @Test func theHiddenOptionsStayOutOfHelp() async throws {
        let help = try await ChildProcess.run(executable: VozProcess.executable.path, arguments: ["--help"]).output
        #expect(!help.contains("generate"))
        #expect(!help.contains("complete-fields"))
    }

    @Test func manRendersThePageWithoutWarnings() async throws {
        let page = VozProcess.packageRoot.appendingPathComponent("docs/voz.1").path
        let environment = [
            "PATH": "/usr/bin:/bin", "MANWIDTH": "80", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory(),
        ]
        let man = try await ChildProcess.run(
            executable: "/usr/bin/man", arguments: ["--warnings", "-E", "UTF-8", "-l", page], environment: environment)
        #expect(man.status == 0)
        #expect(man.error.isEmpty, "man --warnings said: \(man.error)")
        for heading in ["SYNOPSIS", "COMMANDS", "SESSION COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(man.output.contains("\n\(heading)\n"), "the rendered page has no \(heading) section")
        }
        #expect(man.output.contains(":enviar, :submit"))
        #expect(man.output.contains("$XDG_STATE_HOME/voz/voz.log"))
    }

    // MARK: - Reading --help

    /// The first line where two texts differ, as "line N: generated … committed …", or nil when they are equal.
    static func firstDifference(_ generated: String, _ committed: String) -> String? {
        guard generated != committed else { return nil }
        let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(new.count, old.count) {
            let line = index < new.count ? String(new[index]) : "(nothing)"
            let was = index < old.count ? String(old[index]) : "(nothing)"
            if line != was { return "line \(index + 1): generated \(line), committed \(was)" }
        }
        return "they differ"
    }

    /// The command names of `voz --help` ("  run: Fill in …").
    static func helpCommands() async throws -> [String] {
        helpEntries(
            try await ChildProcess.run(executable: VozProcess.executable.path, arguments: ["--help"]).output,
            prefix: "  ")
    }

    /// The option names of `voz COMMAND --help` ("  --speech auto|…: How Voz speaks…").
    static func helpOptions(of command: String) async throws -> [String] {
        helpEntries(
            try await ChildProcess.run(executable: VozProcess.executable.path, arguments: [command, "--help"]).output,
            prefix: "  --")
    }

    private static func helpEntries(_ help: String, prefix: String) -> [String] {
        help.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(prefix), let colon = line.firstIndex(of: ":") else { return nil }
            let entry = line[line.index(line.startIndex, offsetBy: prefix.count)..<colon]
            return entry.split(separator: " ").first.map(String.init)
        }
    }
}
