import Foundation
import Testing

/// Issue 37, item 9, end to end: files the person names (`-o`, `--wav`) are written through a temporary file and a
/// rename, a symbolic link at their name is refused in one sentence and its target left alone, and the WAVs of
/// `--speech wav:DIR` (names and card digits said aloud) are 0600 in a folder made 0700.
@Suite(.serialized) struct HostileOutputsEndToEndTests {
    enum Output: String, CaseIterable, CustomStringConvertible {
        case record, audit, form, say
        var description: String { rawValue }
    }

    @Test(arguments: Output.allCases)
    func aLinkAtANamedOutputIsRefusedAndNotFollowed(output: Output) async throws {
        let folder = try VozProcess.temporaryFolder("links-\(output)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.txt")
        let original = Data("someone else's file\n".utf8)
        try original.write(to: victim)
        let link = folder.appendingPathComponent("out")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        let keys = folder.appendingPathComponent("keys")
        try CastFormatEndToEndTests.keys.write(to: keys, atomically: true, encoding: .utf8)
        let arguments: [String]
        switch output {
        case .record:
            arguments =
                ["record", "-o", link.path, "--keys", keys.path, "--timeout", "60", "--"]
                + CastFormatEndToEndTests.colourful
        case .audit:
            arguments =
                ["audit", "--keys", keys.path, "--no-color-check", "-o", link.path, "--timeout", "60", "--"]
                + CastFormatEndToEndTests.colourful
        case .form:
            arguments = [
                "form", "--openapi", FormCommandEndToEndTests.petstore, "--operation", "addPet", "-o", link.path,
                "--server", "http://127.0.0.1:9",
            ]
        case .say:
            arguments = ["say", "Hola.", "--wav", link.path]
        }
        let run = try await RecordingEndToEndTests.voz(arguments)
        #expect(try Data(contentsOf: victim) == original, "the file the link points to is untouched")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == victim.path)
        #expect(run.status != 0)
        #expect(run.error.contains(link.path) && run.error.contains("symbolic link"), "\(run.error)")
    }

    @Test func wavFilesOfASessionAreOwnerOnlyInAPrivateFolder() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let wav = run.home.appendingPathComponent("audio")
        let output = try await run.run(
            url: server.accountsURL, answers: PrivateFilesEndToEndTests.halfAnswers, speech: "wav:\(wav.path)")
        #expect(output.status == 1, "\(output.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: wav.path)
        #expect(!files.isEmpty)
        #expect(files.allSatisfy { $0.hasSuffix(".wav") && !$0.hasPrefix(".") }, "\(files)")
        #expect(try PrivateFilesEndToEndTests.mode(wav) == 0o700)
        for file in files {
            #expect(try PrivateFilesEndToEndTests.mode(wav.appendingPathComponent(file)) == 0o600, "\(file)")
        }
    }
}
