import Foundation
import Testing
import VozTestTraits

/// `voz audit --listen`, run as a person runs it on a recording: the report in their language and in JSON, and the
/// usage errors of its options.
@Suite(.ownThread) struct ListenAuditEndToEndTests {
    /// A copy that shows its percentage ten times a second for ten seconds, then says how it ended.
    static func progressRecording(in folder: URL) throws -> URL {
        var lines = [#"{"version": 2, "width": 80, "height": 24}"#]
        for step in 0...100 { lines.append("[\(Double(step) / 10), \"o\", \"\\rCopying files \(step)%\"]") }
        lines.append(#"[10.2, "o", "\r\nDone, 40 files copied.\r\n"]"#)
        let file = folder.appendingPathComponent("copy.cast")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    static func listen(_ arguments: [String], language: String = "C.UTF-8") async throws -> RawVozProcess.Output {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let cast = try progressRecording(in: home)
        return try await RawVozProcess.run(
            ["audit", "--listen", cast.path] + arguments,
            environment: VozProcess.environment(home: home, extra: ["LANG": language]))
    }

    @Test func theReportSaysTheRatioTheCostAndThatNothingWasLost() async throws {
        let run = try await Self.listen([])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.count == 3)
        #expect(
            run.lines.first?.hasSuffix(
                ": voz wrap says 26 times fewer words than a screen reader reading every changed row.") == true)
        #expect(
            run.lines.dropFirst().first
                == "Wrap: 12 words, 1.8 seconds. The screen reader: 307 words, 46 seconds. At 400 words a minute.")
        #expect(run.lines.last == "Nothing lost: all 2 lines and last states are in what wrap says.")
    }

    @Test func theReportIsInThePersonsLanguage() async throws {
        let run = try await Self.listen([], language: "es_ES.UTF-8")
        #expect(run.lines.last == "No se pierde nada: las 2 líneas y estados finales están en lo que dice wrap.")
    }

    @Test func jsonCountsTheSecondsAtTheRateGiven() async throws {
        let run = try await Self.listen(["--format", "json", "--rate", "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [[String: Any]])
        let reader = try #require(report.first?["screenReader"] as? [String: Any])
        #expect(reader["words"] as? Int == 307)
        #expect(reader["seconds"] as? Double == 92.1)
        #expect((report.first?["wrap"] as? [String: Any])?["words"] as? Int == 12)
        #expect((report.first?["lost"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: [["--rate", "5"], ["--format", "sarif"]])
    func aWrongOptionIsAUsageError(_ arguments: [String]) async throws {
        let run = try await Self.listen(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(arguments[0]))
    }
}
