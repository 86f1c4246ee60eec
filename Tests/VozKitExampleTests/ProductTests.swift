import Foundation
import Testing
import VozTestSupport

/// The products a tool depends on need only the headers of what they hold (issue 29 §7): the package as SwiftPM
/// describes it, each product's targets followed down to its C libraries.
@Suite struct ProductTests {
    /// The C targets whose headers come from each -dev package.
    static let speech: Set<String> = ["CEspeakNG", "CPulseSimple", "CSpeechd"]
    static let others: Set<String> = ["CVozScreen", "CYAML", "CSQLite"]

    struct Description: Decodable {
        struct Product: Decodable {
            var name: String
            var targets: [String]
        }
        struct Target: Decodable {
            var name: String
            var dependencies: [String]?

            enum CodingKeys: String, CodingKey {
                case name
                case dependencies = "target_dependencies"
            }
        }
        var products: [Product]
        var targets: [Target]
    }

    /// `swift package describe`, with a scratch folder of its own: the test run holds the package's own.
    static func describe() async throws -> Description {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("voz-describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try await ChildProcess.run(
            executable: "/usr/bin/env",
            arguments: [
                "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "describe",
                "--type", "json",
            ],
            limit: .seconds(120))
        #expect(run.status == 0, "\(run.error)")
        return try JSONDecoder().decode(Description.self, from: Data(run.outputBytes))
    }

    /// Every target a product's targets reach.
    static func closure(of product: String, in description: Description) -> Set<String> {
        let dependencies = Dictionary(
            uniqueKeysWithValues: description.targets.map { ($0.name, $0.dependencies ?? []) })
        var reached: Set<String> = []
        var queue = description.products.first { $0.name == product }?.targets ?? []
        while let next = queue.popLast() {
            guard reached.insert(next).inserted else { continue }
            queue += dependencies[next] ?? []
        }
        return reached
    }

    @Test func eachProductNeedsOnlyTheHeadersOfWhatItHolds() async throws {
        let description = try await Self.describe()
        let text = Self.closure(of: "VozTextKit", in: description)
        #expect(text.contains("VozSession") && text.contains("VozFormBuilder") && text.contains("VozAudit"))
        #expect(text.isDisjoint(with: Self.speech.union(Self.others)), "\(text.sorted())")
        #expect(!text.contains("VozSpeech"))
        let speech = Self.closure(of: "VozSpeech", in: description)
        #expect(speech.isSuperset(of: Self.speech) && speech.isDisjoint(with: Self.others))
        #expect(Self.closure(of: "VozKit", in: description).isSuperset(of: Self.speech.union(["CVozScreen", "CYAML"])))
        // The demo service's SQLite is voz's, never the library's.
        #expect(!Self.closure(of: "VozKit", in: description).contains("CSQLite"))
    }
}
