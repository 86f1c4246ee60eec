import Foundation
import Testing
import VozTestTraits

/// `voz record` as a new user meets it (issue 40): the program's own arguments after `--`, keys sent as a person
/// types them, the program's exit kept in the file, and a stop that says what it waited for.
@Suite("voz record runs the program as asked", .serialized, .ownThread)
struct RecordRunEndToEndTests {
    static func record(_ arguments: [String], keys: String, in folder: URL) async throws -> ChildProcess.Finished {
        let script = folder.appendingPathComponent("keys")
        try keys.write(to: script, atomically: true, encoding: .utf8)
        return try await RecordingEndToEndTests.voz(["record", "--keys", script.path] + arguments)
    }

    static func lines(_ cast: URL) throws -> [Substring] {
        try String(contentsOf: cast, encoding: .utf8).split(separator: "\n")
    }

    static func events(_ cast: URL) throws -> [[Any]] {
        try lines(cast).dropFirst().map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any]) }
    }

    @Test func everythingAfterTheDashesIsTheProgramsOwn() async throws {
        let folder = try VozProcess.temporaryFolder("record-dashes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("ls.cast")
        let run = try await Self.record(
            ["-o", cast.path, "--timeout", "30", "--", "ls", "--help"], keys: "", in: folder)
        #expect(run.status == 0, "\(run.output) \(run.error)")
        #expect(!run.output.contains("record -o FILE.cast"), "voz printed its own help: \(run.output)")
        let written = try Self.events(cast).compactMap { $0[1] as? String == "o" ? $0[2] as? String : nil }.joined()
        #expect(written.contains("ls"), "\(written.prefix(200))")
    }

    /// Consecutive key steps leave the program the pause a person leaves: never microseconds apart.
    @Test func consecutiveKeysWaitForTheOutputToPause() async throws {
        let folder = try VozProcess.temporaryFolder("record-pace")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("pace.cast")
        let run = try await Self.record(
            ["-o", cast.path, "--timeout", "30", "--", "bash", "-c", "read -p '> ' a; read -p '> ' b; echo \"$a$b\""],
            keys: "expect >\ntype a\nkey enter\ntype b\nkey enter\nwait-exit\n", in: folder)
        #expect(run.status == 0, "\(run.error)")
        let inputTimes = try Self.events(cast).compactMap { $0[1] as? String == "i" ? $0[0] as? Double : nil }
        #expect(inputTimes.count == 4)
        for (earlier, later) in zip(inputTimes, inputTimes.dropFirst()) {
            #expect(later - earlier >= 0.19, "keys \(later - earlier) seconds apart: \(inputTimes)")
        }
    }

    /// A program that refuses an answer by exiting in failure, silently: `voz audit --keys` finds it, and so
    /// must the audit of the file `voz record` saved of the same run, in either version.
    @Test(arguments: ["v2", "v3"])
    func aSilentFailedExitIsInTheSavedRecording(_ format: String) async throws {
        let folder = try VozProcess.temporaryFolder("record-exit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("exit.cast")
        let program = ["bash", "-c", "read -p 'Age: ' a; [ \"$a\" -eq \"$a\" ] 2>/dev/null || exit 3; echo Saved."]
        let keys = "expect Age\ntype abc\nkey enter\nwait-exit\n"
        let run = try await Self.record(
            ["-o", cast.path, "--format", format, "--timeout", "30", "--"] + program, keys: keys, in: folder)
        #expect(run.status == 0, "\(run.error)")
        let lines = try Self.lines(cast)
        let header = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        if format == "v2" {
            #expect(header["voz_exit_status"] as? Int == 3)
        } else {
            let last = try #require(try Self.events(cast).last)
            #expect(last[1] as? String == "x" && last[2] as? String == "3", "\(last)")
        }
        let saved = try await RecordingEndToEndTests.voz(["audit", "--recording", cast.path, "--format", "json"])
        let live = try await RecordingEndToEndTests.audit(program, keys: keys, in: folder)
        #expect(live.violations.contains("error-not-identified"))
        #expect(saved.output.contains("\"error-not-identified\""), "\(saved.output)")
    }

    /// A program that ends by itself with status 0, and one hung up on after the script: neither is a failure.
    @Test func aProgramHungUpOnHasNoExitOfItsOwn() async throws {
        let folder = try VozProcess.temporaryFolder("record-hangup")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("cat.cast")
        let run = try await Self.record(
            ["-o", cast.path, "--timeout", "30", "--", "bash", "-c", "echo Ready.; sleep 60"], keys: "expect Ready\n",
            in: folder)
        #expect(run.status == 0, "\(run.error)")
        let header = try #require(
            JSONSerialization.jsonObject(with: Data(try Self.lines(cast)[0].utf8)) as? [String: Any])
        #expect(header["voz_exit_status"] == nil)
    }

    /// A program that wrote nothing: the stop says the step, what it waited for and how long, not the time of the
    /// last output (none).
    @Test func aStopSaysWhatItWaitedForAndHowLong() async throws {
        let folder = try VozProcess.temporaryFolder("record-stop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("quiet.cast")
        let run = try await Self.record(
            ["-o", cast.path, "--timeout", "2", "--", "sleep", "30"], keys: "expect Password:\n", in: folder)
        #expect(run.status == 1)
        #expect(run.error.contains("line 1"), "\(run.error)")
        #expect(run.error.contains("waited 2.0 seconds") || run.error.contains("waited 1.9 seconds"), "\(run.error)")
        #expect(run.error.contains("Password:"), "\(run.error)")
        #expect(!run.error.contains("0.0 seconds"), "\(run.error)")
        #expect(run.error.contains(cast.path))
    }

    @Test func aProgramThatEndsFirstIsSaidToHaveEnded() async throws {
        let folder = try VozProcess.temporaryFolder("record-ended")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await Self.record(
            ["-o", folder.appendingPathComponent("true.cast").path, "--timeout", "20", "--", "true"],
            keys: "expect Password:\n", in: folder)
        #expect(run.status == 1)
        #expect(run.error.contains("true ended before showing"), "\(run.error)")
    }

    /// `--no-color-check -o` saves two recordings, and the report counts both.
    @Test func bothSavedRunsAreCounted() async throws {
        let folder = try VozProcess.temporaryFolder("record-count")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("keys")
        try CastFormatEndToEndTests.keys.write(to: script, atomically: true, encoding: .utf8)
        let run = try await RecordingEndToEndTests.voz(
            [
                "audit", "--keys", script.path, "--no-color-check", "-o", folder.appendingPathComponent("r.cast").path,
                "--timeout", "60", "--",
            ] + CastFormatEndToEndTests.colourful)
        #expect(run.output.contains("in 2 files"), "\(run.output) \(run.error)")
    }

    /// A dialog's current item is quoted as its words, not with the box drawn around it.
    @Test func aDialogsSelectedItemIsQuotedWithoutItsBox() async throws {
        let folder = try VozProcess.temporaryFolder("record-dialog")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("keys")
        try "expect Pick\nkey down\nsleep 300\nkey enter\nwait-exit\n".write(
            to: script, atomically: true, encoding: .utf8)
        let run = try await RecordingEndToEndTests.voz(
            [
                "audit", "--keys", script.path, "--timeout", "60", "--", "dialog", "--menu", "Pick a fruit", "15", "40",
                "3", "a", "Apple", "b", "Banana", "c", "Cherry",
            ])
        let quoting = run.output.split(separator: "\n").filter { $0.contains("selected item") }
        #expect(!quoting.isEmpty, "\(run.output)")
        for line in quoting {
            #expect(!line.contains("│"), "\(line)")
        }
    }
}

/// `voz form --openapi` without `--operation`, or with one the description lacks, lists the operations there are.
@Suite("voz form lists the operations", .serialized)
struct FormOperationListEndToEndTests {
    static let spec = VozProcess.packageRoot.appendingPathComponent(
        "Tests/VozKitTests/Fixtures/OpenAPI/petstore-expanded.yaml"
    ).path

    @Test(arguments: [[], ["--operation", "adoptPet"]])
    func theOperationsAreListedOneALine(_ operation: [String]) async throws {
        let run = try await RecordingEndToEndTests.voz(["form", "--openapi", Self.spec] + operation)
        #expect(run.status == 2)
        #expect(run.error.contains("--operation"), "\(run.error)")
        if !operation.isEmpty { #expect(run.error.contains("adoptPet")) }
        let lines = run.output.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("addPet, POST, /pets") }, "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("findPets, GET, /pets") }, "\(run.output)")
    }
}
