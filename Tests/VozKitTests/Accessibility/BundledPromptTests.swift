import Foundation
import Testing

@testable import VozAccessibility
@testable import VozForm
@testable import VozKit
@testable import VozLocalization

/// Issue 25, section 5: a newcomer heard "Responde sí o no. Responde sí o no; las dos respuestas valen." A field's
/// prompt says each thing once: no sentence or clause of it is said twice, in any bundled form.
@Suite struct BundledPromptTests {
    static let examples: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    /// The prompt's sentences and clauses, case and end punctuation aside.
    static func parts(of prompt: String) -> [String] {
        prompt.split(whereSeparator: { ".;:?!".contains($0) }).map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }.filter { $0.split(separator: " ").count >= 2 }
    }

    @Test func thereAreBundledForms() {
        #expect(Self.examples.count >= 7)
    }

    @Test(arguments: examples)
    func noFieldPromptSaysTheSameThingTwice(path: String) throws {
        let form = try FormFile.load(path: path).form
        let language = Language.resolve(formLocale: form.locale, environment: [:])
        let localizer = Localizer(language: language, overrides: form.messages)
        let tree = AccessibilityTree(
            form: form, values: FormValues(), errors: [], submit: .enabled, localizer: localizer)
        for element in tree.elements {
            let parts = Self.parts(of: element.spoken(localizer))
            let repeated = Set(parts.filter { part in parts.filter { $0 == part }.count > 1 })
            #expect(repeated.isEmpty, "\(URL(fileURLWithPath: path).lastPathComponent): \(element.spoken(localizer))")
        }
    }
}
