import VozKit

/// What kind of value an option or positional takes, for shell completion: derived from the same `OptionSpec`
/// data as `--help`, so a new option completes without anyone editing the completion script.
enum ValueHint: Sendable, Equatable {
    /// Takes no value (a flag), or a value nothing useful can be offered for (a number, a URL).
    case none
    /// A path; `extensions` narrows the offer (`["json"]` for a form), folders are always offered.
    case files(extensions: [String])
    /// One of a fixed list of words; a word ending in `:` (`wav:`) is a prefix the user completes.
    case words([String])
    /// `ID=VALUE`: the field ids of the form already on the command line.
    case fieldIDs

    // MARK: - Deriving

    /// The hint for an option, read from its value placeholder ("auto|espeak|wav:DIR|none", "FILE", "ID=VALUE").
    static func of(_ option: OptionSpec) -> ValueHint {
        guard let valueName = option.valueName else { return .none }
        if valueName == "ID=VALUE" { return .fieldIDs }
        if valueName == "LEVEL" { return .words(AuditSeverity.allCases.sorted(by: >).map(\.rawValue)) }
        if valueName == "FORM" { return .files(extensions: ["json"]) }
        if valueName == "LANG" { return .words(Language.allCases.map(\.rawValue)) }
        let parts = valueName.split(separator: "|").map(String.init)
        let words = parts.compactMap(word(from:))
        if parts.count > 1, !words.isEmpty { return .words(words) }
        if parts.contains(where: { $0.contains("FILE") || $0.contains("DIR") }) { return .files(extensions: []) }
        return .none
    }

    /// The hint for a positional argument, by its name in the spec.
    static func positional(_ name: String) -> ValueHint {
        name == "FORM" ? .files(extensions: ["json"]) : .none
    }

    /// A literal word of a placeholder: lowercase words stay, `wav:DIR` becomes the prefix `wav:`, placeholders
    /// in capitals (`NAME`, `FILE`) are not words.
    private static func word(from part: String) -> String? {
        if let colon = part.firstIndex(of: ":") {
            let prefix = part[..<colon]
            return prefix.allSatisfy(\.isLowercase) && !prefix.isEmpty ? String(prefix) + ":" : nil
        }
        return part.contains(where: \.isLetter) && part.allSatisfy({ $0.isLowercase || $0 == "-" }) ? part : nil
    }
}
