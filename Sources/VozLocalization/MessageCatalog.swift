/// One language's phrases, read from its PO file: each key's phrase, or its plural forms and the rule that
/// picks one.
package struct MessageCatalog: Sendable {
    /// A key's phrase: one text, or one text a plural form.
    package enum Message: Sendable, Equatable {
        case single(String)
        case plural([String])
    }

    /// The language tag of the PO file's `Language` header (`pt_BR`), as written there.
    package let languageHeader: String
    package let pluralRule: PluralRule
    /// Phrases by key (the entry's `msgctxt`).
    package let messages: [String: Message]

    /// A catalog from a PO file; a message without a `msgctxt` is keyed by its `msgid`.
    package init(_ file: POFile, name: String) throws(POFileError) {
        guard let header = file.header["Plural-Forms"] else {
            throw .pluralForms(file: name, reason: "is missing")
        }
        do {
            pluralRule = try PluralRule(header: header)
        } catch {
            throw .pluralForms(file: name, reason: error.description)
        }
        languageHeader = file.header["Language"] ?? ""
        var messages: [String: Message] = [:]
        for entry in file.entries {
            let key = entry.context ?? entry.id
            guard messages[key] == nil else {
                throw .syntax(file: name, line: entry.line, reason: "the key \(key) appears twice")
            }
            if entry.idPlural != nil {
                guard entry.strings.count == pluralRule.count else {
                    throw .syntax(
                        file: name, line: entry.line,
                        reason: "\(key) has \(entry.strings.count) plural forms, the header says \(pluralRule.count)")
                }
                messages[key] = .plural(entry.strings)
            } else {
                messages[key] = .single(entry.strings[0])
            }
        }
        self.messages = messages
    }

    /// An empty catalog, where every key says itself.
    init() {
        languageHeader = ""
        pluralRule = .oneOrOther
        messages = [:]
    }

    /// The phrase for `key` when it has one text.
    package func single(_ key: String) -> String? {
        if case .single(let text) = messages[key] { return text }
        return nil
    }

    /// The form of a plural phrase that `count` takes under the language's rule.
    package func plural(_ key: String, count: Int) -> String? {
        guard case .plural(let forms) = messages[key], !forms.isEmpty else { return nil }
        return forms[min(pluralRule.form(for: count), forms.count - 1)]
    }
}
