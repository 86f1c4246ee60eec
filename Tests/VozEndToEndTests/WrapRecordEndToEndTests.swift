import Foundation
import Testing
import VozTestTraits

/// `voz wrap --record FILE.cast`: what the program showed, saved as `voz record` saves it, for the audits to read.
@Suite(.ownThread) struct WrapRecordEndToEndTests {
    @Test func theRecordingHoldsWhatTheProgramShowedAndItsExitStatus() async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let cast = home.appendingPathComponent("run.cast")
        let environment = VozProcess.environment(home: home)
        let script = #"for i in 0 50 100; do printf '\rCopying %d%%' $i; sleep 0.1; done; echo; echo 'héllo ✓'; exit 3"#
        let run = try await RawVozProcess.run(
            ["wrap", "--speech", "none", "--record", cast.path, "--", "bash", "-c", script], environment: environment)
        #expect(run.status == 3, "\(run.stderr)")
        let lines = try String(contentsOf: cast, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["voz_exit_status"] as? Int == 3)
        let output = try lines.dropFirst().map { line in
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(event[1] as? String == "o")
            return event[2] as? String ?? ""
        }.joined()
        #expect(output.contains("\rCopying 100%"))
        #expect(output.contains("héllo ✓\r\n"))
        let attributes = try FileManager.default.attributesOfItem(atPath: cast.path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
        // The recording reads back, and wrap lost nothing of it.
        let listen = try await RawVozProcess.run(["audit", "--listen", cast.path], environment: environment)
        #expect(listen.status == 0, "\(listen.stdout)\(listen.stderr)")
    }

    @Test func aRecordingThatCannotBeWrittenStopsWrapBeforeTheProgramRuns() async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let marker = home.appendingPathComponent("ran")
        let run = try await RawVozProcess.run(
            [
                "wrap", "--speech", "none", "--record", home.appendingPathComponent("missing/run.cast").path, "--",
                "touch", marker.path,
            ], environment: VozProcess.environment(home: home))
        #expect(run.status == 2)
        #expect(run.stderr.contains("missing/run.cast"))
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
}
