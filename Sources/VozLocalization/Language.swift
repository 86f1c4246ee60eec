import Foundation

/// The languages Voz speaks; the raw value is the BCP 47 tag (`pt-BR`), which names the language's voice profile
/// (`voices/pt-BR.json`) and is what forms, `Accept-Language` and `--language` use.
public enum Language: String, Sendable, Equatable, CaseIterable {
    /// Spanish.
    case es
    /// English: the source language the other catalogs translate, and the one used when nothing else fits.
    case en
    /// Brazilian Portuguese, also given to Portuguese from Portugal.
    case ptBR = "pt-BR"
    /// French.
    case fr
    /// German.
    case de
    /// Italian.
    case it

    /// The gettext name of the language's catalog, `po/pt_BR.po`, also its PO file's `Language` header.
    public var catalogName: String { rawValue.replacingOccurrences(of: "-", with: "_") }

    /// The language for a locale tag such as `es`, `es_ES.UTF-8`, `pt_BR` or `en-GB`, when Voz has it.
    ///
    /// Portuguese from Portugal gets the Brazilian catalog: closer to the user than English.
    public init?(localeTag: String) {
        guard let language = LanguageTag.language(localeTag) else { return nil }
        self = language
    }

    /// The session language: the form's locale when Voz speaks it, else `LC_ALL`, `LC_MESSAGES`, `LANG`,
    /// else English.
    public static func resolve(formLocale: String?, environment: [String: String]) -> Language {
        if let formLocale, let language = Language(localeTag: formLocale) { return language }
        return fromEnvironment(environment)
    }

    /// The user's language from `LC_ALL`, `LC_MESSAGES` and `LANG`: the first one set decides, as in POSIX;
    /// "C" and languages Voz lacks mean English.
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        LanguageTag.locale(in: environment).flatMap(Language.init(localeTag:)) ?? .en
    }
}
