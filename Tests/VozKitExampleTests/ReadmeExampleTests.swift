import Foundation
import Testing
import VozDemoService
import VozKit

/// The README's VozKit example compiles (it is this target's `ReadmeExample.swift`), matches the README word for
/// word, and works against the real demo service.
@Suite struct ReadmeExampleTests {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    @Test func theReadmeShowsExactlyThisExample() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(
            contentsOf: root.appendingPathComponent("Tests/VozKitExampleTests/ReadmeExample.swift"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + example + "```"))
    }

    @Test func theExampleCreatesAnAccountAndThenHearsTheDuplicate() async throws {
        let service = DemoService()
        try service.start()
        defer { service.stop() }
        let url = try #require(service.baseURL).appendingPathComponent("accounts")
        let email = "readme-\(UUID().uuidString.prefix(8))@example.com"

        let (first, lines) = await signUp(at: url, answers: ["Ana", email, "secret123", "yes", ":submit"])
        guard case .completed(let receipt) = first else {
            Issue.record("expected the account to be created, got \(first); heard: \(lines)")
            return
        }
        #expect(receipt.message == Localizer(language: .en).text("server.success"))
        #expect(lines.first == "Form Sign up. 4 fields, 4 required. Type :help to hear the commands.")
        #expect(!lines.joined().contains("secret123"))

        let (second, again) = await signUp(at: url, answers: ["Ana", email, "secret123", "yes", ":submit"])
        #expect(second == .inputEnded)
        #expect(again.contains { $0.hasPrefix("Field 2 of 4. E-mail, required, invalid:") })
        #expect(service.accounts().count == 1)
    }
}
