import Foundation
import Testing
import VozKit

/// Issue 8, item 5, end to end: after a real `voz run`, drafts, technical logs and transcripts are mode 0600 in
/// folders of mode 0700, and a symbolic link planted where any of them goes is never followed.
// Serialized: each case starts real processes, and a burst of them would starve the timing tests of others.
@Suite(.serialized) struct PrivateFilesEndToEndTests {
    static func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    static func octal(_ mode: Int) -> String { String(mode, radix: 8) }

    /// Answers two fields, then ends the input: the draft is saved, the logs and the transcript written.
    static let halfAnswers = Array(FormRun.validAnswers().prefix(2))

    @Test func draftsLogsAndTranscriptsAreOwnerOnly() async throws {
        let server = try await DemoServer.start(arguments: ["--unavailable", "1"])
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        // A transcript that already exists with wider permissions is narrowed, not just truncated.
        try Data("old".utf8).write(to: run.transcript)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: run.transcript.path)
        let askedLog = run.home.appendingPathComponent("logs/voz/technical.log")
        // A 503 is logged to the asked-for log; a second run writes the default one.
        _ = try await run.run(
            url: server.accountsURL, answers: FormRun.validAnswers(), extra: ["--log", askedLog.path])
        let output = try await run.run(url: server.accountsURL, answers: Self.halfAnswers)
        #expect(output.status == 1, "\(output.stderr)")

        let draft = run.draft(sentTo: server.accountsURL)
        for file in [draft, run.defaultLog, askedLog, run.transcript] {
            #expect(try Self.octal(Self.mode(file)) == "600", "\(file.path)")
        }
        let askedLogFolder = askedLog.deletingLastPathComponent()
        for folder in [run.stateFolder, run.draftsFolder, askedLogFolder, askedLogFolder.deletingLastPathComponent()] {
            #expect(try Self.octal(Self.mode(folder)) == "700", "\(folder.path)")
        }
        #expect(try Data(contentsOf: askedLog).count > 0, "the asked-for log was written")
    }

    // MARK: - Symbolic links

    enum Target: String, CaseIterable, CustomStringConvertible {
        case draft, transcript, askedLog, defaultLog
        var description: String { rawValue }
    }

    @Test(arguments: Target.allCases)
    func aPlantedSymbolicLinkIsNotFollowed(target: Target) async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let victim = run.home.appendingPathComponent("victim.txt")
        let original = Data("someone else's file\n".utf8)
        try original.write(to: victim)
        let askedLog = run.home.appendingPathComponent("technical.log")
        let link: URL
        switch target {
        case .draft: link = run.draft(sentTo: server.accountsURL)
        case .transcript: link = run.transcript
        case .askedLog: link = askedLog
        case .defaultLog: link = run.defaultLog
        }
        try FileManager.default.createDirectory(
            at: link.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)

        let extra = target == .askedLog ? ["--log", askedLog.path] : []
        let output = try await run.run(url: server.accountsURL, answers: Self.halfAnswers, extra: extra)
        let (_, spanish) = try FormRun.spanish()
        let english = Localizer(language: .en)

        #expect(try Data(contentsOf: victim) == original, "the file the link points to is untouched")
        let linkTarget = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        #expect(linkTarget == victim.path, "the link is still a link")
        switch target {
        case .transcript:
            // Asked-for files that cannot be written safely stop the run before it starts, with a sentence.
            // Named on the command line, they are said in its user's language (C.UTF-8 here), not the form's.
            #expect(output.status == 2)
            #expect(output.stderr == english.text("speech.error.transcriptLink", ["file": link.path]) + "\n")
        case .askedLog:
            #expect(output.status == 2)
            #expect(output.stderr == english.text("server.log.isLink", ["path": link.path]) + "\n")
        case .draft:
            // Voz's own files are a convenience: the session goes on without them, and never claims a draft it
            // could not keep.
            #expect(output.status == 1, "\(output.stderr)")
            #expect(output.lines.last == spanish.text("session.endOfInput.noDraft"))
        case .defaultLog:
            #expect(output.status == 1, "\(output.stderr)")
            #expect(output.lines.last == spanish.text("session.endOfInput"))
        }
    }
}
