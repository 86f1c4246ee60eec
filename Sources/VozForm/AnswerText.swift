import Foundation
import VozLocalization

/// Reading and writing the small words of answers: yes and no, numbers with either decimal mark, option
/// numbers and labels, in every language whatever the session's language (people mix them).
package enum AnswerText {
    /// Lowercased, without accents or surrounding punctuation, for comparing what was typed with a label.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters))
    }

    /// `true` for a yes word of any language's catalog (sí, yes, sim, oui, ja) or true, `false` for a no word
    /// (no, não, non, nein) or false, nil otherwise.
    package static func yesOrNo(_ text: String) -> Bool? {
        let word = folded(text)
        if word == "true" || yesWords.contains(word) { return true }
        if word == "false" || noWords.contains(word) { return false }
        return nil
    }

    private static let yesWords = answerWords("answer.yes")
    private static let noWords = answerWords("answer.no")

    /// The words of an answer key in every language, folded.
    private static func answerWords(_ key: String) -> Set<String> {
        Set(
            Language.allCases.flatMap { language in
                (Catalog.single(key, in: language) ?? "").split(separator: "|").map { folded(String($0)) }
            }.filter { !$0.isEmpty })
    }

    /// A finite number written with digits, an optional sign, and a dot or a comma before the decimals.
    static func number(_ text: String) -> Double? {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("+") { body.removeFirst() }
        let marks = body.filter { $0 == "." || $0 == "," }
        guard marks.count <= 1 else { return nil }
        body = body.replacingOccurrences(of: ",", with: ".")
        var digits = body.hasPrefix("-") ? String(body.dropFirst()) : body
        if digits.hasPrefix(".") { digits = "0" + digits }
        guard !digits.isEmpty, !digits.hasSuffix("."), digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
        else { return nil }
        guard let value = Double(body.hasPrefix("-") ? "-" + digits : digits), value.isFinite else { return nil }
        return value
    }

    /// How many digits a typed number has after its leading zeros: `007.50` has 3, `12000` has 5 (a whole
    /// number's zeros count: it must be sent exactly).
    static func significantDigits(_ text: String) -> Int {
        text.filter { $0.isASCII && $0.isNumber }.drop { $0 == "0" }.count
    }

    /// A number as the session's language writes it: no decimals on whole numbers, the catalog's decimal mark
    /// (a comma in Spanish).
    package static func format(_ value: Double, language: Language) -> String {
        let plain = value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return plain.replacingOccurrences(of: ".", with: decimalMark(language))
    }

    /// The character a language writes before decimals.
    package static func decimalMark(_ language: Language) -> String {
        Catalog.catalog(for: language).single("form.decimalMark") ?? "."
    }

    /// The option an answer names: its number (1-based), its label, or its value.
    static func option(_ answer: String, in options: [FieldOption]) -> FieldOption? {
        let trimmed = answer.trimmingCharacters(in: .whitespaces)
        let key = folded(trimmed)
        if let number = Int(key), number > 0, options.indices.contains(number - 1) { return options[number - 1] }
        guard !key.isEmpty else { return nil }
        return options.first { folded($0.label) == key } ?? options.first { folded($0.value) == key }
    }

    /// Whether the text has characters that only a terminal acts on; tabs and, when allowed, line breaks pass.
    package static func hasControlCharacters(_ text: String, allowLineBreaks: Bool) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x09: return false
            case 0x0A, 0x0D: return !allowLineBreaks
            case 0x00...0x1F, 0x7F...0x9F: return true
            default: return false
            }
        }
    }
}
