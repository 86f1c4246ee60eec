import Foundation
import VozJSON

/// Turns a parsed form file into a `Form`, checking everything design §4 asks and recording the line of every
/// JSON path it reads. The first problem found ends decoding with one sentence.
package struct FormDecoder {
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
            root, at: "", allowed: Self.formKeys, what: .what("form"))
        let id = try requiredText(top, "id", what: .what("formID"))
        let title = try requiredText(top, "title", what: .what("title"))
        let locale = try optionalLocale(top)
        let labelsLocale = try optionalLocale(top, key: "labelsLocale")
        let fieldsMember = try required(top, "fields", what: .what("fields"))
        guard let elements = fieldsMember.value.elements else {
            throw mismatch(top.path("fields"), fieldsMember.value, expected: .what("fields"))
        }
        guard !elements.isEmpty else {
            throw fail(top.path("fields"), fieldsMember.value.line, "noFields")
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
                    "duplicateFieldID", ["id": QuotedText.quote(field.id), "earlier": "fields[\(earlier)]"]
                )
            }
            firstIndexOfID[field.id] = index
            fields.append(field)
        }
        let submitMember = try required(top, "submit", what: .what("submit"))
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
        let tag = try text(member, at: top.path(key), what: .what("locale"))
        let valid = tag.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0))
        }
        guard valid, tag.count <= 35 else {
            throw mismatch(top.path(key), member.value, expected: .what("locale"))
        }
        return tag
    }

    private mutating func messages(_ top: Members) throws(FormFileError) -> [String: String] {
        guard let member = top["messages"] else { return [:] }
        let path = top.path("messages")
        let table = try object(member.value, at: path, allowed: nil, what: .what("messages"))
        var messages: [String: String] = [:]
        for entry in table.list {
            messages[entry.key] = try text(entry, at: table.path(entry.key), what: .what("phrase"))
        }
        return messages
    }

    // MARK: - Errors

    func fail(_ path: String, _ line: Int, _ problem: FormProblem) -> FormFileError {
        .invalid(file: file, path: path, line: line, problem: problem)
    }

    /// The problem `formFile.<name>`, its arguments text the file wrote (ids, keys, kinds, quoted values).
    func fail(_ path: String, _ line: Int, _ name: String, _ texts: [String: String] = [:]) -> FormFileError {
        fail(path, line, FormProblem("formFile." + name, texts))
    }

    /// "expected X, found Y" for a value of the wrong type or shape.
    func mismatch(_ path: String, _ node: JSONNode, expected: FormProblem) -> FormFileError {
        fail(
            path, node.line,
            FormProblem("formFile.mismatch", phrases: ["expected": expected, "found": Self.found(node)]))
    }

    /// How a value is named in "found …": as the file wrote it, or in words when it has none to quote.
    static func found(_ node: JSONNode) -> FormProblem {
        let written: String
        switch node.value {
        case .null: written = "null"
        case .bool(let value): written = value ? "true" : "false"
        case .number(let number): written = QuotedText.visible(number.literal)
        case .string(let text):
            guard !text.isEmpty else { return FormProblem("formFile.found.emptyString") }
            written = QuotedText.quote(text)
        case .array(let elements):
            return FormProblem(elements.isEmpty ? "formFile.found.emptyList" : "formFile.found.list")
        case .object: return FormProblem("formFile.found.object")
        }
        return FormProblem("formFile.found.written", ["value": written])
    }
}
