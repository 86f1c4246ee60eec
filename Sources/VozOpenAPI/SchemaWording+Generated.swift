/// Words for what generated descriptions leave implicit: drf-spectacular's choice lists.
extension SchemaWording {
    // MARK: - Choice lists

    /// The labels of a choice list as drf-spectacular writes Django's `choices` into an enum's description, one
    /// line each (``* `music` - Music and records``), by value; nil when the description is anything else.
    static func choiceList(_ description: String) -> [String: String]? {
        var labels: [String: String] = [:]
        for line in description.split(whereSeparator: \.isNewline) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("* `"), let close = text.dropFirst(3).firstIndex(of: "`") else { continue }
            let value = String(text[text.index(text.startIndex, offsetBy: 3)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(" - ") else { continue }
            labels[value] = String(rest.dropFirst(3)).trimmingCharacters(in: .whitespaces)
        }
        return labels.isEmpty ? nil : labels
    }

    /// Whether a description is only such a list, so it gives option labels and no hint.
    static func isChoiceList(_ description: String) -> Bool {
        guard choiceList(description) != nil else { return false }
        return description.split(whereSeparator: \.isNewline).allSatisfy { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.isEmpty || text.hasPrefix("* `")
        }
    }
}
