import Foundation
import Testing

/// Drives the committed bash completion the way bash does: COMP_LINE, COMP_POINT and COMP_WORDS (split at = and
/// : as bash's default COMP_WORDBREAKS does), then `_voz`, then what it put in COMPREPLY.
@Suite struct CompletionTests {
    /// Sources the completion and completes the line given as $2, with the cursor at its end.
    private static let driver = #"""
        source "$1"
        COMP_LINE="$2"
        COMP_POINT=${#COMP_LINE}
        read -r -a COMP_WORDS <<< "$COMP_LINE"
        last=""
        if [[ "$COMP_LINE" != *" " ]]; then
            last="${COMP_WORDS[${#COMP_WORDS[@]}-1]}"
            COMP_WORDS=("${COMP_WORDS[@]:0:${#COMP_WORDS[@]}-1}")
        fi
        if [[ "$last" == *[=:] ]]; then typed="${last: -1}"
        elif [[ "$last" == *[=:]* ]]; then typed="${last##*[=:]}"
        else typed="$last"; fi
        COMP_WORDS+=("$typed")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _voz
        printf '%s\n' "${COMPREPLY[@]}"
        """#

    /// What the completion offers for `line`, run in a folder holding `form.json` (the audit fixture's good form).
    static func complete(_ line: String) async throws -> [String] {
        let folder = try VozProcess.temporaryFolder("completion")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: formFixture, to: folder.appendingPathComponent("form.json"))
        let vozFolder = URL(fileURLWithPath: VozProcess.executable.path).deletingLastPathComponent().path
        let script = VozProcess.packageRoot.appendingPathComponent("docs/voz.bash").path
        let result = try await ChildProcess.run(
            executable: "/bin/bash", arguments: ["-c", driver, "driver", script, line],
            environment: ["PATH": "\(vozFolder):/usr/bin:/bin", "HOME": folder.path], directory: folder.path)
        #expect(result.status == 0, "bash said: \(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }

    static let formFixture = VozProcess.packageRoot.appendingPathComponent(
        "Tests/VozKitTests/Fixtures/Audit/good-form.json")

    // MARK: - Tests

    @Test(arguments: [
        (
            "voz ",
            [
                "run", "demo", "serve-demo", "audit", "record", "wrap", "form", "say", "voices", "reply", "--help",
                "--version",
            ]
        ),
        ("voz au", ["audit"]),
        ("voz run --sp", ["--speech"]),
        ("voz run --speech ", ["auto", "espeak", "speechd", "wav:", "none"]),
        ("voz run --speech=n", ["none"]),
        ("voz say --speech ", ["auto", "espeak", "speechd", "none"]),
        ("voz audit --format ", ["text", "json", "sarif"]),
        ("voz audit --fail-on ", ["critical", "serious", "moderate", "minor"]),
        ("voz audit --fail-on=s", ["serious"]),
        ("voz audit fo", ["form.json"]),
        ("voz run fo", ["form.json"]),
        ("voz run form.json --answers fo", ["form.json"]),
        ("voz run form.json --set e", ["email="]),
        ("voz run --speech none form.json --set=em", ["email="]),
        ("voz run form.json --set email=", []),
        ("voz run --rate ", []),
        ("voz serve-demo --port ", []),
    ])
    func offers(line: String, expected: [String]) async throws {
        #expect(try await Self.complete(line) == expected)
    }

    @Test func offersEveryFieldIDOfTheFormOnTheLine() async throws {
        let data = try Data(contentsOf: Self.formFixture)
        let form = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let ids = try #require(form["fields"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids.count >= 3)
        #expect(try await Self.complete("voz run form.json --set ") == ids.map { $0 + "=" })
    }

    @Test func offersTheOptionsOfEachCommandFromItsHelp() async throws {
        for command in try await ManPageTests.helpCommands() {
            let offered = try await Self.complete("voz \(command) --")
            let expected = try await ManPageTests.helpOptions(of: command).map { "--" + $0 } + ["--help"]
            #expect(offered == expected, "voz \(command) --<TAB>")
        }
    }

    @Test func registersForVoz() async throws {
        let script = VozProcess.packageRoot.appendingPathComponent("docs/voz.bash").path
        let result = try await ChildProcess.run(
            executable: "/bin/bash", arguments: ["-c", ". \"$1\" && complete -p voz", "check", script])
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "complete -F _voz voz")
    }

    @Test func completeFieldsSaysPlainlyWhenTheFileIsNoForm() async throws {
        let result = try await ChildProcess.run(
            executable: VozProcess.executable.path, arguments: ["--complete-fields", "/nonexistent/form.json"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error == "voz cannot read the fields of /nonexistent/form.json: it is not a form file.\n")
    }
}
