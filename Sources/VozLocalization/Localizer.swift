import Foundation

/// Looks phrases up in the message catalog of one language and fills their `{placeholders}`.
///
/// A form's `messages` override catalog phrases by key. Every user-facing sentence goes through here so
/// that it can be translated and audited in one place.
public struct Localizer: Sendable {
    /// The language whose catalog the phrases come from.
    public let language: Language
    /// The program the sentences name (`{tool}`), and whether they advise its options or environment variables.
    public let host: HostTool
    private let overrides: [String: String]

    /// A localizer for `language`; `overrides` replace catalog phrases by key (a form's `messages`), and `host` is the
    /// program the sentences name.
    public init(language: Language, overrides: [String: String] = [:], host: HostTool = .voz) {
        self.language = language
        self.overrides = overrides
        self.host = host
    }

    /// The phrase for `key` with `{name}` placeholders replaced from `arguments`, and `{tool}` with the host's name.
    ///
    /// A phrase that advises a setting has a second form, `key.env`, naming the environment variable instead of
    /// Voz's option: a host that advises the environment gets that one.
    ///
    /// A key missing from the catalog yields the key itself, so the gap is audible in tests and never a crash.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        let advised = host.advice == .environment ? catalog.single(key + ".env") : nil
        let template = overrides[key] ?? advised ?? catalog.single(key) ?? pluralForm(ofKey: key) ?? key
        var arguments = arguments
        if arguments["tool"] == nil { arguments["tool"] = host.name }
        return Localizer.fill(template, arguments)
    }

    /// The phrase for `key` in the plural form `count` takes under the language's `Plural-Forms` rule (French
    /// says "0 erreur", English "0 errors"), with `{count}` filled.
    ///
    /// A form's own `key.one`/`key.other` overrides win, read as one for 1 and other for anything else.
    public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = String(count)
        let overridden = count == 1 ? overrides["\(key).one"] : overrides["\(key).other"]
        if let template = overridden ?? catalog.plural(key, count: count) {
            return Localizer.fill(template, arguments)
        }
        return text(count == 1 ? "\(key).one" : "\(key).other", arguments)
    }

    /// The language's catalog.
    var catalog: MessageCatalog { Catalog.catalog(for: language) }

    /// `key.one` or `key.other` of a plural phrase, as `Catalog.table` names them.
    private func pluralForm(ofKey key: String) -> String? {
        if key.hasSuffix(".one") { return catalog.plural(String(key.dropLast(4)), count: 1) }
        if key.hasSuffix(".other") { return catalog.plural(String(key.dropLast(6)), count: 2) }
        return nil
    }

    /// Whether the catalog (or an override) has a phrase for `key`.
    public func has(_ key: String) -> Bool {
        overrides[key] != nil || catalog.messages[key] != nil || pluralForm(ofKey: key) != nil
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
