import Foundation
import Testing

@testable import VozKit
@testable import VozSupport

/// The one bounded read of a named file, shared by form files and descriptions: real files, pipes and devices.
@Suite("Files read never past a limit")
struct BoundedFileTests {
    /// A pipe holding `text`, named as the shell names `<(…)`: `/dev/fd/N`.
    static func pipe(holding text: String) throws -> (path: String, pipe: Pipe) {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try pipe.fileHandleForWriting.close()
        return ("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", pipe)
    }

    @Test func aPipeIsReadToItsEnd() throws {
        let (path, pipe) = try Self.pipe(holding: "openapi: 3.1.0\n")
        defer { try? pipe.fileHandleForReading.close() }
        #expect(try BoundedFile.read(path: path, limit: 100) == Data("openapi: 3.1.0\n".utf8))
    }

    @Test(arguments: [
        ("/dev/zero", 1024, BoundedFile.Failure.tooLarge),
        ("/tmp", 1024, .folder),
        ("/nonexistent/voz.yaml", 1024, .noFile),
    ])
    func refusals(path: String, limit: Int, failure: BoundedFile.Failure) {
        #expect(throws: failure) { try BoundedFile.read(path: path, limit: limit) }
    }

    @Test func aPipeLongerThanTheLimitIsRefusedWithoutReadingOn() throws {
        let (path, pipe) = try Self.pipe(holding: String(repeating: "x", count: 101))
        defer { try? pipe.fileHandleForReading.close() }
        #expect(throws: BoundedFile.Failure.tooLarge) { try BoundedFile.read(path: path, limit: 100) }
    }
}
