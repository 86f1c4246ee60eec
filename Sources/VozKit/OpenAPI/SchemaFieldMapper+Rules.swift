import VozJSON

extension SchemaFieldMapper {
    // MARK: - Strings

    /// `minLength`/`maxLength` counting code points, as JSON Schema does, and `pattern` translated from ECMA-262
    /// (or left out with a note when it cannot be translated exactly), with the words to say when it fails.
    mutating func stringRules(_ schema: JSONNode, path: [String]) -> [(String, JSONNode)] {
        var rules: [(String, JSONNode)] = []
        for key in ["minLength", "maxLength"] {
            guard let node = schema[key] else { continue }
            // `minLength: 1` (Django REST framework's mark of a non-blank text) asks no more than an answer: an
            // empty one is no answer, so there is nothing to check nor to explain before input.
            if key == "minLength", let count = node.int, count <= 1 { continue }
            // A large length is a real limit the server keeps (an article of 1,536,000 characters); only one past
            // what a form file's lengths hold (32 bits) is no limit an answer reaches.
            if let count = node.int, (0...FormDecoder.lengthLimit).contains(count) {
                rules.append((key, .number(count)))
            } else {
                notes.append(
                    note("openapi.note.lengthBeyond", path.joined(separator: "."), line: node.line, ["key": key]))
            }
        }
        if !rules.isEmpty { rules.append(("lengthCounts", .string(LengthCounting.codePoints.rawValue))) }
        guard let patternNode = schema["pattern"], let pattern = patternNode.string else { return rules }
        do throws(PatternRefusal) {
            let translated = try ECMAPatternTranslator.translate(pattern)
            // The form decoder refuses a pattern liable to backtrack for ever; that must not cost the whole form.
            if let risk = PatternMatcher.backtrackingRisk(in: translated) { throw PatternRefusal(.backtracking, risk) }
            // At the pattern's own line, so an audit of the generated form points at it in the description.
            rules.append(("pattern", JSONNode(.string(translated), line: patternNode.line)))
            if let message = Self.patternMessage(schema) { rules.append(("patternMessage", .string(message))) }
        } catch {
            let unchecked = UncheckedPattern(
                file: resolver.document.file, line: patternNode.line, property: path.joined(separator: "."),
                fieldID: Self.id(path), refusal: error)
            uncheckedPatterns.append(unchecked)
            rules.append(("serverPattern", JSONNode(.string(pattern), line: patternNode.line)))
            notes.append(unchecked.note)
        }
        return rules
    }

    /// What to say when a value breaks the pattern: the spec's own words, never the expression. `x-pattern-message`
    /// is the extension openapi-generator and hey-api read for this; else the description's first sentence.
    static func patternMessage(_ schema: JSONNode) -> String? {
        if let message = schema["x-pattern-message"]?.string.flatMap(SchemaWording.firstSentence) { return message }
        return schema["description"]?.string.flatMap(SchemaWording.firstSentence)
    }

    // MARK: - Formats and examples

    /// `rules.format` for a format Voz checks as JSON Schema defines it (`TextFormat`), with a note for any other
    /// (left to the server), and a `patternMessage` with an example for a pattern nobody explained; returns the
    /// words to add to the hint: the format in words, or the example, unless the description already says them.
    mutating func formatRules(_ property: JSONNode, kind: String, path: String, rules: inout [(String, JSONNode)])
        -> [String]
    {
        var spoken: [String] = []
        let description = (property["description"]?.string ?? "").lowercased()
        if let format = property["format"]?.string, format != "password", kind != "secret" {
            if let known = TextFormat(rawValue: format) {
                // An e-mail field checks its address already.
                if known != .email || kind != "email" { rules.append(("format", .string(format))) }
                let said = [format, "yyyy", "iso", "rfc", "hh:mm"].contains(where: description.contains)
                if known != .email, !said { spoken.append(text("openapi.format.\(format)")) }
            } else {
                notes.append(
                    note(
                        "openapi.note.formatServer", path, line: property["format"]?.line ?? property.line,
                        ["format": format]))
            }
        }
        let hasMessage = rules.contains { $0.0 == "patternMessage" }
        guard kind != "secret", !hasMessage, let translated = rules.first(where: { $0.0 == "pattern" })?.1.string,
            let pattern = property["pattern"]?.string
        else { return spoken }
        let example = Self.example(property) ?? PatternExample.make(pattern, translated: translated)
        guard let example, PatternMatcher.match(example, pattern: translated) == .match else { return spoken }
        rules.append(("patternMessage", .string(text("openapi.pattern.message", ["example": example]))))
        // A written example is the placeholder, said already; a made one is said in the hint.
        if Self.example(property) == nil, !description.contains(example.lowercased()) {
            spoken.append(text("openapi.pattern.hint", ["example": example]))
        }
        return spoken
    }

    // MARK: - Numbers

    /// The bounds and step of `schema`, leaving out with a note any a 64-bit floating point number cannot hold
    /// (`1e400`): the server still checks them.
    mutating func numberRules(_ schema: JSONNode, path: [String]) -> [(String, JSONNode)] {
        Self.numberRules(schema).filter { _, node in
            guard node.double == nil else { return true }
            notes.append(note("openapi.note.boundTooLarge", path.joined(separator: "."), line: schema.line))
            return false
        }
    }
}
