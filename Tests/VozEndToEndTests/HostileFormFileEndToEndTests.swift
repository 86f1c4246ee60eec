import Foundation
import Testing
import VozTestTraits

/// Issue 8, item 2, end to end: hostile form files given to the real `voz run` and `voz audit` end in one clear
/// sentence on standard error and exit 2 within seconds — never a crash, a hang or a Swift dump. (The decoder's
/// seeded mutations and truncations are unit tests in Tests/VozKitTests/Form.)
// Serialized: each case starts real processes, and a burst of them would starve the timing tests of others.
@Suite(.serialized, .ownThread) struct HostileFormFileEndToEndTests {
    enum Hostile: String, CaseIterable, CustomStringConvertible {
        case nested10000 = "nested"
        case fiftyMebibytes = "huge"
        case invalidUTF8 = "not-utf8"
        case backtrackingPattern = "backtracking"

        var description: String { rawValue }

        /// What the sentence must say, besides the file's name.
        var explanation: String {
            switch self {
            case .nested10000: return "nested deeper"
            case .fiftyMebibytes: return "larger than"
            case .invalidUTF8: return "UTF-8"
            case .backtrackingPattern: return "backtracking"
            }
        }

        /// Writes the file into `folder` and returns its path.
        func write(into folder: URL) throws -> String {
            let url = folder.appendingPathComponent("\(rawValue).json")
            switch self {
            case .nested10000:
                let depth = 10_000
                let text =
                    "{\"id\": \"x\", \"title\": \"X\", \"fields\": " + String(repeating: "[", count: depth)
                    + String(repeating: "]", count: depth) + "}"
                try Data(text.utf8).write(to: url)
            case .fiftyMebibytes:
                // Sparse: 50 MiB to stat and read, almost nothing on disk.
                try Data("{\"id\": \"x\", \"title\": \"".utf8).write(to: url)
                let handle = try FileHandle(forWritingTo: url)
                try handle.truncate(atOffset: 50 * 1024 * 1024)
                try handle.close()
            case .invalidUTF8:
                var bytes = Data("{\"id\": \"x\", \"title\": \"Caf".utf8)
                bytes += [0xC3, 0x28, 0xFF, 0xFE]
                bytes += Data("\", \"fields\": []}".utf8)
                try bytes.write(to: url)
            case .backtrackingPattern:
                let example = VozProcess.packageRoot.appendingPathComponent("examples/crear-cuenta.json")
                let text = try String(contentsOf: example, encoding: .utf8)
                    .replacingOccurrences(of: "\"[A-Za-z0-9]{4,12}\"", with: "\"(a+)+$\"")
                #expect(text.contains("(a+)+$"))
                try Data(text.utf8).write(to: url)
            }
            return url.path
        }
    }

    @Test(arguments: Hostile.allCases, ["run", "audit"])
    func aHostileFormFileIsOneSentenceAndExitTwo(file: Hostile, command: String) async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try file.write(into: folder)
        let arguments = command == "run" ? ["run", path, "--speech", "none"] : ["audit", path]
        let output = try await RawVozProcess.run(
            arguments, environment: VozProcess.environment(home: folder), timeout: 20)

        #expect(!output.timedOut)
        // Refused from the size or the first bad byte: 25 ms alone. The bound leaves room for the rest of the suite
        // (speech daemons, recorded programs) loading both cores, and is still far from reading or hanging.
        #expect(output.elapsed < .seconds(10), "took \(output.elapsed)")
        #expect(output.status == 2, "exit \(output.status): \(output.stderr)")
        let sentences = output.stderr.split(separator: "\n")
        #expect(sentences.count == 1, "one sentence: \(output.stderr.prefix(500))")
        let sentence = String(sentences.first ?? "")
        #expect(sentence.hasPrefix(path), "names the file: \(sentence)")
        #expect(sentence.contains(file.explanation), "says why: \(sentence)")
        #expect(sentence.hasSuffix("."))
        #expect(sentence.count < 400)
        for dump in ["Fatal error", "Swift/", "Error(", "Optional(", "Stack dump", "0x"] {
            #expect(!output.stderr.contains(dump), "\(dump) in \(sentence)")
        }
        #expect(output.standardOutput.isEmpty, "nothing on standard output: \(output.stdout.prefix(300))")
    }
}
