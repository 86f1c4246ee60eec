import Foundation
import Testing

/// The README's VozKit example is examples/signup, word for word: the package `make test` builds and runs against
/// the demo service (scripts/test-example), so what a developer copies is what was run.
@Suite struct ReadmeExampleTests {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    @Test(arguments: [
        ("examples/signup/Sources/signup/main.swift", "swift"), ("examples/signup/Package.swift", "swift"),
    ])
    func theReadmeShowsTheExamplePackageAsItIs(file: String, language: String) throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        #expect(readme.contains("```\(language)\n" + source + "```"), "README.md does not show \(file) as it is")
    }

    /// About fifteen lines of its own (issue 29): 17 with imports and blank lines aside, four of them closing braces.
    @Test func theToolIsShort() throws {
        let source = try String(
            contentsOf: root.appendingPathComponent("examples/signup/Sources/signup/main.swift"), encoding: .utf8)
        let lines = source.split(separator: "\n").filter { !$0.hasPrefix("import ") }
        #expect(lines.count <= 17, "\(lines.count) lines")
    }
}
