import Foundation
import VozForm

/// A "*" or "(obligatorio)" in a label or hint: Voz already says "obligatorio" for a required field, so the marker
/// is read twice (or as "asterisco"); on an optional field it contradicts what Voz says.
package struct RequiredMarkerRule: FormRule {
    package let info = AuditRuleInfo(
        id: "required-marker", name: "RequiredMarker", criterion: .labelsOrInstructions, severity: .minor,
        scope: .form)

    package init() {}

    /// "required", "obligatorio", "obligatoire", "Pflichtfeld"… and "optional", "facultatif"… in every language.
    static let requiredWords = AuditWords.phrases("audit.words.required")
    static let optionalWords = AuditWords.phrases("audit.words.optional")
    // Normalized once: a form of a thousand fields has two thousand labels and hints to look through.
    private static let optionalPhrases = AuditText.Phrases(optionalWords)
    /// "Required if…", "obligatorio si…": a condition the listener needs, said of a field that is optional until
    /// it holds. It neither repeats nor contradicts what Voz says, so it is no marker (the form builder keeps such
    /// sentences in hints for the same reason).
    private static let conditionalPhrases = AuditText.Phrases(AuditWords.phrases("audit.words.requiredConditional"))
    private static let requiredPhrases = requiredWords.map { ($0, AuditText.Phrases([$0])) }

    package func check(_ document: FormDocument) -> RuleCheck {
        guard !document.form.fields.isEmpty else { return .inapplicable }
        var violations: [Finding] = []
        for (index, field) in document.form.fields.enumerated() {
            for (key, text) in [("label", field.label), ("hint", field.hint ?? "")] {
                guard let marker = Self.marker(in: text) else { continue }
                violations.append(
                    info.finding(
                        in: document, path: "fields[\(index)].\(key)", field: field.id,
                        variant: field.required ? "redundant" : "contradicts",
                        arguments: ["field": field.id, "marker": marker],
                        severity: field.required ? .minor : .serious))
            }
        }
        return .checked(violations)
    }

    /// The marker a text uses to say "required", if any; a text that says "optional", or "required if", has none.
    static func marker(in text: String) -> String? {
        let said = AuditText.Normalized(text)
        if said.containsAny(optionalPhrases) || said.containsAny(conditionalPhrases) { return nil }
        if text.contains("*") { return "*" }
        guard let word = requiredPhrases.first(where: { said.containsAny($0.1) })?.0 else { return nil }
        // "The required format", "Required actions": in English the adjective before a noun names a thing, and
        // says nothing of whether this field must be filled. Only a "required" that stands as a marker counts.
        if Self.attributive.contains(word), !Self.standsAsMarker(word, in: text) { return nil }
        return word
    }

    /// The English words that go before the noun they qualify; the other languages' markers follow it.
    private static let attributive: Set<String> = ["required", "mandatory"]

    /// Words that may follow a "required" that still says the field must be filled: "required to continue",
    /// "required field", "mandatory information".
    private static let predicative: Set<String> = [
        "to", "by", "and", "or", "in", "on", "at", "with", "from", "field", "fields", "information", "value",
        "values", "data", "entry", "input", "parameter", "property",
    ]

    /// Whether some occurrence of `word` in `text` is a marker: not followed, within its sentence, by a noun it
    /// qualifies.
    private static func standsAsMarker(_ word: String, in text: String) -> Bool {
        let lowered = text.lowercased()
        var searched = lowered.startIndex..<lowered.endIndex
        while let found = lowered.range(of: word, range: searched) {
            searched = found.upperBound..<lowered.endIndex
            let before = found.lowerBound == lowered.startIndex ? nil : lowered[lowered.index(before: found.lowerBound)]
            // Part of a longer word ("unrequired", "requiredActions" folded): not this word.
            if let before, before.isLetter { continue }
            let rest = lowered[found.upperBound...]
            guard let first = rest.first, first == " " else {
                if let first = rest.first, first.isLetter { continue }
                return true
            }
            let next = rest.drop { $0 == " " }.prefix { $0.isLetter }
            if next.isEmpty || predicative.contains(String(next)) { return true }
        }
        return false
    }
}
