import Foundation
import Testing

/// `voz record --format v3` and the files `voz audit --keys` names (issue 26): asciinema 3's format written
/// and read back by the real binary, and findings that cite files that exist, or say the run was live.
@Suite("Asciicast versions and audited runs, end to end", .serialized)
struct CastFormatEndToEndTests {
    static let colourful = ["bash", "-c", "printf '\\033[31mred\\033[0m ok\\n'; read -p 'Name: ' n; echo \"Hi $n.\""]
    static let keys = "expect Name\ntype Ana\nkey enter\nwait-exit\n"

    @Test func recordWritesVersion3AndAuditReadsIt() async throws {
        let folder = try VozProcess.temporaryFolder("record-v3")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("keys")
        try Self.keys.write(to: script, atomically: true, encoding: .utf8)
        let cast = folder.appendingPathComponent("v3.cast")
        let run = try await RecordingEndToEndTests.voz(
            ["record", "-o", cast.path, "--format", "v3", "--keys", script.path, "--timeout", "60", "--"]
                + Self.colourful)
        #expect(run.status == 0, "\(run.error)")
        let lines = try String(contentsOf: cast, encoding: .utf8).split(separator: "\n")
        let header = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 3)
        let term = try #require(header["term"] as? [String: Any])
        #expect(term["cols"] as? Int == 80 && term["rows"] as? Int == 24)
        #expect(term["type"] as? String == "xterm-256color")
        // Intervals: no event's time is past the one before plus the whole run's length.
        let times = try lines.dropFirst().map { line in
            try #require((JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])?.first as? Double)
        }
        #expect(times.allSatisfy { $0 >= 0 && $0 < 60 })
        let audit = try await RecordingEndToEndTests.voz(["audit", "--recording", cast.path])
        #expect(audit.output.contains("\(cast.path):"), "\(audit.output) \(audit.error)")
        #expect(audit.output.contains("no-color-ignored"))
    }

    @Test func aFormatVozDoesNotWriteIsRefused() async throws {
        let run = try await RecordingEndToEndTests.voz([
            "record", "-o", "/tmp/never.cast", "--format", "v1", "--", "true",
        ])
        #expect(run.status == 2)
        #expect(run.error.contains("v1 for --format") && run.error.contains("v2, v3"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.cast"))
    }

    /// Without -o the findings say the run was live: no file name that does not exist.
    @Test func aLiveRunIsNamedAsOne() async throws {
        let folder = try VozProcess.temporaryFolder("audit-live")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("keys")
        try Self.keys.write(to: script, atomically: true, encoding: .utf8)
        let run = try await RecordingEndToEndTests.voz(
            ["audit", "--keys", script.path, "--no-color-check", "--timeout", "60", "--"] + Self.colourful)
        #expect(run.output.contains("bash with NO_COLOR=1, run live and not saved:"), "\(run.output) \(run.error)")
        #expect(!run.output.contains("bash.cast") && !run.output.contains("no-color.cast"))
    }

    /// With -o both runs are saved, and every finding's file and line are there to open.
    @Test func savedRunsAreWhatTheFindingsCite() async throws {
        let folder = try VozProcess.temporaryFolder("audit-saved")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("keys")
        try Self.keys.write(to: script, atomically: true, encoding: .utf8)
        let cast = folder.appendingPathComponent("run.cast")
        let run = try await RecordingEndToEndTests.voz(
            [
                "audit", "--keys", script.path, "--no-color-check", "-o", cast.path, "--timeout", "60", "--format",
                "json", "--",
            ]
                + Self.colourful)
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output) \(run.error)")
        var cited: [(String, Int)] = []
        for key in ["violations", "incomplete"] {
            for rule in report[key] as? [[String: Any]] ?? [] {
                for node in rule["nodes"] as? [[String: Any]] ?? [] {
                    if let file = node["file"] as? String, let line = node["line"] as? Int {
                        cited.append((file, line))
                    }
                }
            }
        }
        #expect(cited.contains { $0.0 == folder.appendingPathComponent("run.no-color.cast").path })
        for (file, line) in cited {
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
            #expect(line >= 1 && line <= lines.count, "\(file):\(line)")
        }
    }
}
