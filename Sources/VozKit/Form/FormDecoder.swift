import Foundation

/// Turns a parsed form file into a `Form`, checking everything design §4 asks and recording the line of every
/// JSON path it reads. The first problem found ends decoding with one sentence.
struct FormDecoder {
    let file: String
    /// Whether problems that `voz audit` reports as findings (an empty label, a choice without options) are let
    /// through instead of refused, so the audit can name them with their WCAG criterion and severity.
    let forAudit: Bool
    /// The line of every JSON path read so far.
    var lines: [String: Int] = [:]
    /// Patterns already compiled and checked for backtracking: generated forms repeat a few over many fields.
    var safePatterns: Set<String> = []

    init(file: String, forAudit: Bool = false) {
        self.file = file
        self.forAudit = forAudit
    }

    static let formKeys = ["id", "title", "locale", "labelsLocale", "fields", "submit", "messages", "constants"]

    mutating func form(_ root: JSONNode) throws(FormFileError) -> Form {
        let top = try object(
            root, at: "", allowed: Self.formKeys, what: "a JSON object with id, title, fields and submit")
        let id = try requiredText(top, "id", what: "an id for the form")
        let title = try requiredText(top, "title", what: "a title the user hears")
        let locale = try optionalLocale(top)
        let labelsLocale = try optionalLocale(top, key: "labelsLocale")
        let fieldsMember = try required(top, "fields", what: "a list of fields")
        guard let elements = fieldsMember.value.elements else {
            throw mismatch(top.path("fields"), fieldsMember.value, expected: "a list of fields")
        }
        guard !elements.isEmpty else {
            throw fail(top.path("fields"), fieldsMember.value.line, "expected at least one field, found an empty list")
        }
        var fields: [Field] = []
        var firstIndexOfID: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let path = "fields[\(index)]"
            lines[path] = element.line
            let field = try field(element, at: path)
            if let earlier = firstIndexOfID[field.id] {
                throw fail(
                    path + ".id", lines[path + ".id"] ?? element.line,
                    "the id \(QuotedText.quote(field.id)) is already used by fields[\(earlier)]; "
                        + "each field needs its own id"
                )
            }
            firstIndexOfID[field.id] = index
            fields.append(field)
        }
        let submitMember = try required(top, "submit", what: "the submit control")
        let submit = try self.submit(submitMember.value, at: "submit")
        let messages = try self.messages(top)
        var form = Form(id: id, title: title, locale: locale, fields: fields, submit: submit, messages: messages)
        form.constants = try constants(top)
        form.labelsLocale = labelsLocale
        try checkConditions(form)
        try checkBodyPaths(form)
        try checkURLParameters(form)
        return form
    }

    // MARK: - Top-level parts

    private mutating func optionalLocale(_ top: Members, key: String = "locale") throws(FormFileError) -> String? {
        guard let member = top[key] else { return nil }
        let tag = try text(member, at: top.path(key), what: "a language tag such as es or en")
        let valid = tag.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0))
        }
        guard valid, tag.count <= 35 else {
            throw mismatch(top.path(key), member.value, expected: "a language tag such as es or en")
        }
        return tag
    }

    private mutating func messages(_ top: Members) throws(FormFileError) -> [String: String] {
        guard let member = top["messages"] else { return [:] }
        let path = top.path("messages")
        let table = try object(member.value, at: path, allowed: nil, what: "an object of catalog keys and phrases")
        var messages: [String: String] = [:]
        for entry in table.list {
            messages[entry.key] = try text(entry, at: table.path(entry.key), what: "a phrase")
        }
        return messages
    }

    // MARK: - Errors

    func fail(_ path: String, _ line: Int, _ problem: String) -> FormFileError {
        .invalid(file: file, path: path, line: line, problem: problem)
    }

    /// "expected X, found Y" for a value of the wrong type or shape.
    func mismatch(_ path: String, _ node: JSONNode, expected: String) -> FormFileError {
        fail(path, node.line, "expected \(expected), found \(Self.found(node))")
    }

    /// How a value is named in "found …".
    static func found(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let number): return QuotedText.visible(number.literal)
        case .string(let text): return text.isEmpty ? "an empty string" : QuotedText.quote(text)
        case .array(let elements): return elements.isEmpty ? "an empty list" : "a list"
        case .object: return "an object"
        }
    }
}
