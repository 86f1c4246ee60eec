/// A piece of an utterance and the language whose voice says it: a form built from a Spanish API description
/// speaks Voz's English sentences with the English voice and its labels ("Nombre") with the Spanish one, as a
/// person reading both languages would.
public struct UtterancePart: Sendable, Equatable {
    /// The words of this part.
    public var text: String
    /// The language tag of the voice that says this part (`es`); nil: the engine's own voice.
    public var language: String?

    /// A part saying `text` in the voice of `language`, or the engine's own when nil.
    public init(text: String, language: String? = nil) {
        self.text = text
        self.language = language
    }

    // MARK: - Splitting

    /// `text` in parts: each occurrence of one of `phrases` (the form's own words) in `language`, the rest in the
    /// engine's own voice. The longest phrase is tried first at each place, so "Postal code" wins over "Code".
    public static func split(_ text: String, phrases: [String], language: String) -> [UtterancePart] {
        let candidates = Set(phrases.filter { !$0.isEmpty }).sorted { $0.count > $1.count }
        guard !candidates.isEmpty else { return [UtterancePart(text: text)] }
        var parts: [UtterancePart] = []
        var plain = ""
        var rest = text[...]
        while !rest.isEmpty {
            if let phrase = candidates.first(where: { rest.hasPrefix($0) && endsAWord(rest, after: $0.count) }),
                plain.last.map({ !$0.isLetter && !$0.isNumber }) ?? true
            {
                if !plain.isEmpty { parts.append(UtterancePart(text: plain)) }
                plain = ""
                parts.append(UtterancePart(text: String(rest.prefix(phrase.count)), language: language))
                rest = rest.dropFirst(phrase.count)
            } else if let character = rest.first {
                plain.append(character)
                rest = rest.dropFirst()
            }
        }
        if !plain.isEmpty { parts.append(UtterancePart(text: plain)) }
        return parts
    }

    /// Whether the phrase of `count` characters at the start of `text` ends where a word does ("Name" is not
    /// the start of "Names").
    private static func endsAWord(_ text: Substring, after count: Int) -> Bool {
        let next = text.dropFirst(count).first
        return next.map { !$0.isLetter && !$0.isNumber } ?? true
    }
}
