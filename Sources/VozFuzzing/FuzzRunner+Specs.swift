import Foundation
import VozKit

/// OpenAPI descriptions and JSON Schemas, as `voz form` and `voz audit --openapi` read them.
extension FuzzRunner {
    /// The folder fuzzed descriptions are said to sit in, in process: a name only, never read.
    static let specFolder = URL(fileURLWithPath: "/voz-fuzz-spec")

    /// The file name a description is read under: its extension decides JSON or YAML, as on disk.
    public static func specName(_ target: FuzzTarget) -> String {
        switch target {
        case .openAPIJSON: return "input.json"
        case .jsonSchema: return "input.schema.json"
        default: return "input.yaml"
        }
    }

    /// Reads the description (and the `refs/` documents it points into) from memory, builds the form of every
    /// operation (or of the schema), decodes it as `voz run` would, types hostile values into its fields, and
    /// audits the description. Returns how many forms were built and decoded (the harness's tests count them).
    @discardableResult
    public static func runSpec(_ target: FuzzTarget, _ input: Data) async -> Int {
        let loader = FuzzSpecLoader(folder: specFolder, name: specName(target), input: Array(input))
        let path = loader.path(of: specName(target))
        guard let document = try? await SpecDocument.load(path, loader: loader) else { return 0 }
        let localizer = Localizer(language: language(for: input))
        var typing = TypingBudget()
        if target == .jsonSchema {
            let output = try? OpenAPIFormBuilder.form(
                schema: document, url: "http://127.0.0.1:9/", method: "POST", language: localizer.language)
            return output.map { use($0, localizer: localizer, typing: &typing) } ?? 0
        }
        var built = 0
        for operation in operations(of: document) {
            let output = try? OpenAPIFormBuilder.form(
                openAPI: document, operation: operation, server: nil, language: localizer.language)
            built += output.map { use($0, localizer: localizer, typing: &typing) } ?? 0
        }
        _ = try? OpenAPIAudit.audit(document, localizer: localizer)
        return built
    }

    /// Every operation's name as `voz form --operation` takes it; none when the description has no paths.
    public static func operations(of document: SpecDocument) -> [String] {
        (try? OpenAPIFormBuilder.operationNames(in: document)) ?? []
    }

    /// The generated form as its text, decoded as a form file, audited, and typed into.
    private static func use(
        _ output: OpenAPIFormBuilder.Output, localizer: Localizer, typing: inout TypingBudget
    ) -> Int {
        _ = output.text
        guard let document = try? output.document(path: "fuzz-form.json", forAudit: true) else { return 0 }
        _ = Auditor.audit(forms: [document], transcripts: [])
        guard let form = try? output.document(path: "fuzz-form.json").form else { return 0 }
        let validator = FieldValidator(localizer: localizer)
        type(into: form.fields, validator: validator, typing: &typing)
        return 1
    }

    // MARK: - Typing

    /// Hostile answers for fields with patterns: each match is bounded by `PatternMatcher`; these spend the bound.
    static let hostileAnswers: [String] = [
        "", "a", "\u{0}", "\u{FFFD}", "\u{202E}abc", "\u{1B}[2J", "1e400", "-0", "9223372036854775808",
        String(repeating: "a", count: 40) + "!", String(repeating: "ab", count: 30) + "\u{0}",
        String(repeating: "😀", count: 200), String(repeating: "a", count: 64 * 1024), "a\nb", "  ", "é\u{301}",
    ]

    /// How long typing may take in one input: a fuzzer budget, well under the hang limit. One match that ignores
    /// its own time limit still runs past the hang limit and is found.
    struct TypingBudget {
        let deadline = ContinuousClock.now.advanced(by: .seconds(2))
        var isSpent: Bool { ContinuousClock.now > deadline }
    }

    private static func type(into fields: [Field], validator: FieldValidator, typing: inout TypingBudget) {
        for field in fields where !typing.isSpent {
            type(into: field.members, validator: validator, typing: &typing)
            guard let pattern = field.rules.pattern else { continue }
            // Answers made of the pattern's own letters, which get furthest into a backtracking match.
            let letters = String(pattern.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.prefix(3))
            let own =
                letters.isEmpty
                ? [] : [String(repeating: letters, count: 30) + "!", String(repeating: letters, count: 2000)]
            for answer in own + hostileAnswers where !typing.isSpent {
                try? validator.check(.text(answer), for: field)
                try? validator.check(.list([answer, answer]), for: field)
            }
        }
    }
}
