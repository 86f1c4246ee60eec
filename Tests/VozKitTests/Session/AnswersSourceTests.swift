import Foundation
import Testing

@testable import VozKit
@testable import VozSession

/// An answers file that is a folder is one sentence naming it, not an empty list of answers.
@Suite struct AnswersSourceTests {
    @Test func aFolderNamedAsTheAnswersFileIsRefused() {
        let folder = FileManager.default.temporaryDirectory.path
        #expect {
            _ = try TerminalLineSource.open(path: folder)
        } throws: { error in
            (error as? TerminalLineSource.OpenFailure)?.message(Localizer(language: .en))
                == "The answers file \(folder) is a folder: name a file with one answer a line."
        }
    }

    @Test func aFileOfAnswersStillOpens() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("voz-answers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("Ana\n".utf8).write(to: file)
        let source = try TerminalLineSource.open(path: file.path)
        #expect(await source.readLine(secret: false) == "Ana")
    }
}
