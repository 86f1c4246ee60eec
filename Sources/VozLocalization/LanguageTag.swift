import Foundation

/// The one reader of language tags, in both shapes Voz meets: BCP 47 tags (`pt-BR`, `en-GB`) in forms,
/// `--language` and `Accept-Language`, and POSIX locales (`es_ES.UTF-8`, `pt_BR`, `de_DE@euro`, `C`) in `LC_ALL`,
/// `LC_MESSAGES` and `LANG`.
public enum LanguageTag {
    // MARK: - One tag

    /// The language Voz speaks that `tag` names by its primary subtag (`es_ES.UTF-8`, `es-MX`: Spanish); nil for
    /// `C`, `POSIX` and the languages Voz lacks. `Language(localeTag:)` is its public face.
    static func language(_ tag: String) -> Language? {
        let primary = tag.lowercased().split(whereSeparator: { "_-.@".contains($0) }).first.map(String.init)
        guard let primary else { return nil }
        // Portuguese from Portugal gets the Brazilian catalog: closer to the user than English.
        if primary == "pt" { return .ptBR }
        return Language(rawValue: primary)
    }

    /// `tag` spelled as BCP 47, as `Accept-Language` wants it: `es_MX.UTF-8` is `es-MX`, without the POSIX
    /// codeset and modifier; a BCP 47 tag stays as it is.
    package static func bcp47(_ tag: String) -> String {
        let base = tag.split(whereSeparator: { ".@".contains($0) }).first.map(String.init) ?? tag
        return base.replacingOccurrences(of: "_", with: "-")
    }

    // MARK: - Accept-Language

    /// The most preferred language Voz speaks in an `Accept-Language` value (RFC 9110 §12.5.4): an exact tag
    /// (`pt-BR`) or its primary language (`fr-CA` for French); nil when none is acceptable.
    ///
    /// A missing or unreadable weight counts as 1 and 0 respectively; `q=0` refuses a language, `*` names none,
    /// and between equal weights the first listed wins.
    public static func preferred(acceptLanguage: String) -> Language? {
        var best: (language: Language, quality: Double)?
        for item in acceptLanguage.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, tag != "*", let language = Self.language(tag) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0, quality > (best?.quality ?? 0) {
                best = (language, quality)
            }
        }
        return best?.language
    }

    // MARK: - The environment

    /// The locale that decides the user's messages: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set
    /// and not empty, as in POSIX; nil when none is.
    public static func locale(in environment: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
}
