import Foundation
import VozForm
import VozJSON
import VozLocalization

extension SchemaFieldMapper {
    // MARK: - Strings

    /// `minLength`/`maxLength` counting code points, as JSON Schema does, and `pattern` translated from ECMA-262
    /// (or left out with a note when it cannot be translated exactly), with the words to say when it fails.
    mutating func stringRules(_ schema: JSONNode, path: [String]) -> [(String, JSONNode)] {
        var rules: [(String, JSONNode)] = []
        for key in ["minLength", "maxLength"] {
            guard let node = schema[key] else { continue }
            // `minLength: 0` says nothing. `minLength: 1` (Django REST framework's mark of a non-blank text) is kept
            // as the description gives it, but never said: an empty answer is no answer anyway.
            if key == "minLength", let count = node.int, count < 1 { continue }
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

    /// A text the server lets run to this many characters is a long one, typed over several lines.
    static let multilineLength = 300

    /// The lengths said as the field is asked ("At most 150 characters."), which a description's hint takes the
    /// place of when Voz speaks: added unless the description already says the number. A minimum of one is never
    /// said, since an empty answer is no answer.
    func lengthWords(_ rules: [(String, JSONNode)], description: String?) -> [String] {
        let localizer = Localizer(language: language)
        let said = description ?? ""
        var words: [String] = []
        for (key, wording) in [("minLength", "access.length.min"), ("maxLength", "access.length.max")] {
            guard let count = rules.first(where: { $0.0 == key })?.1.int, key == "maxLength" || count > 1 else {
                continue
            }
            let number = String(count)
            let grouped = count.formatted(.number.locale(Locale(identifier: "en_US")))
            if said.contains(number) || said.contains(grouped) { continue }
            words.append(localizer.plural(wording, count: count))
        }
        return words
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
                // "Date that the ticket is valid for" names a date, not how to write one.
                let said = ["yyyy", "iso", "rfc", "hh:mm"].contains(where: description.contains)
                if known != .email, !said { spoken.append(text("openapi.format.\(format)")) }
            } else {
                notes.append(
                    note(
                        "openapi.note.formatServer", path, line: property["format"]?.line ?? property.line,
                        ["format": format]))
            }
        }
        let hasMessage = rules.contains { $0.0 == "patternMessage" }
        guard !hasMessage, let translated = rules.first(where: { $0.0 == "pattern" })?.1.string,
            let pattern = property["pattern"]?.string
        else { return spoken }
        // A secret's own example may be somebody's real one and is never said; a made one (a card's security code
        // "123") tells the listener the form without giving anything away.
        let written = kind == "secret" ? nil : Self.example(property)
        let example = written ?? PatternExample.make(pattern, translated: translated)
        guard let example, PatternMatcher.match(example, pattern: translated) == .match else { return spoken }
        rules.append(("patternMessage", .string(text("openapi.pattern.message", ["example": example]))))
        // A written example is the placeholder, said already; a made one is said in the hint.
        if written == nil, !description.contains(example.lowercased()) {
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
