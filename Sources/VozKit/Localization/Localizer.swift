import Foundation

/// The languages Voz speaks.
public enum Language: String, Sendable, Equatable, CaseIterable {
    case es
    case en

    /// The language for a locale tag such as `es`, `es_ES.UTF-8` or `en-GB`, when Voz has it.
    public init?(localeTag: String) {
        let primary = localeTag.lowercased().split(whereSeparator: { "_-.@".contains($0) }).first.map(String.init)
        guard let primary, let language = Language(rawValue: primary) else { return nil }
        self = language
    }

    /// The session language: the form's locale when Voz speaks it, else `LC_ALL`, `LC_MESSAGES`, `LANG`,
    /// else English.
    public static func resolve(formLocale: String?, environment: [String: String]) -> Language {
        if let formLocale, let language = Language(localeTag: formLocale) { return language }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                // The first locale variable that is set decides, as in POSIX; "C" and unknown ones mean English.
                return Language(localeTag: value) ?? .en
            }
        }
        return .en
    }
}

/// Looks phrases up in the message catalog of one language and fills their `{placeholders}`.
///
/// A form's `messages` override catalog phrases by key. Every user-facing sentence goes through here so
/// that it can be translated and audited in one place.
public struct Localizer: Sendable {
    public let language: Language
    private let overrides: [String: String]

    public init(language: Language, overrides: [String: String] = [:]) {
        self.language = language
        self.overrides = overrides
    }

    /// The phrase for `key` with `{name}` placeholders replaced from `arguments`.
    ///
    /// A key missing from the catalog yields the key itself, so the gap is audible in tests and never a crash.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        let template = overrides[key] ?? Catalog.table(for: language)[key] ?? key
        return Localizer.fill(template, arguments)
    }

    /// The phrase for `key` in its singular (`key.one`) or plural (`key.other`) form, with `{count}` filled.
    public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = String(count)
        return text(count == 1 ? "\(key).one" : "\(key).other", arguments)
    }

    /// Whether the catalog (or an override) has a phrase for `key`.
    public func has(_ key: String) -> Bool {
        overrides[key] != nil || Catalog.table(for: language)[key] != nil
    }

    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = arguments[name] {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }
}
