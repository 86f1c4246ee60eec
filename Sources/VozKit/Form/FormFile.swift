import Foundation

// TEMPORARY (audit branch): a minimal stand-in for the real form-file loader, which another helper is writing with
// the same API. It exists only so `voz audit` builds and runs before that loader lands; the lead drops this file
// in favour of the real one at merge. It does not reject unknown keys or explain errors precisely.

/// Loads form files (design §4) into form documents with line numbers.
public enum FormFile {
    /// Reads and decodes the form file at `path`.
    public static func load(path: String) throws(FormFileError) -> FormDocument {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else { throw .unreadable(path: path, reason: "it does not exist, or it is not UTF-8 text") }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .invalid(path: path, jsonPath: "", reason: "the file is not a JSON object")
        }
        let form = try decodeForm(root, path: path)
        return FormDocument(path: path, form: form, sourceMap: SourceMap(lines: TemporaryLineScanner.lines(in: text)))
    }

    // MARK: - Decoding

    private static func decodeForm(_ root: [String: Any], path: String) throws(FormFileError) -> Form {
        let fieldObjects = root["fields"] as? [[String: Any]] ?? []
        let fields = fieldObjects.enumerated().map { index, object in decodeField(object, index: index) }
        let submit = root["submit"] as? [String: Any] ?? [:]
        guard let url = URL(string: submit["url"] as? String ?? "") else {
            throw .invalid(path: path, jsonPath: "submit.url", reason: "expected a URL")
        }
        let spec = SubmitSpec(
            label: submit["label"] as? String ?? "", busyLabel: submit["busyLabel"] as? String, url: url,
            method: HTTPMethod(rawValue: (submit["method"] as? String ?? "POST").uppercased()) ?? .post,
            review: submit["review"] as? Bool ?? false)
        return Form(
            id: root["id"] as? String ?? "", title: root["title"] as? String ?? "", locale: root["locale"] as? String,
            fields: fields, submit: spec, messages: root["messages"] as? [String: String] ?? [:])
    }

    private static func decodeField(_ object: [String: Any], index: Int) -> Field {
        let rules = object["rules"] as? [String: Any] ?? [:]
        let options = (object["options"] as? [[String: Any]] ?? []).map {
            FieldOption(value: $0["value"] as? String ?? "", label: $0["label"] as? String ?? "")
        }
        return Field(
            id: object["id"] as? String ?? "field\(index + 1)", label: object["label"] as? String ?? "",
            kind: FieldKind(rawValue: object["kind"] as? String ?? "text") ?? .text,
            required: object["required"] as? Bool ?? false, hint: object["hint"] as? String,
            placeholder: object["placeholder"] as? String, defaultValue: object["default"] as? String,
            options: options,
            rules: FieldRules(
                minLength: rules["minLength"] as? Int, maxLength: rules["maxLength"] as? Int,
                pattern: rules["pattern"] as? String, patternMessage: rules["patternMessage"] as? String,
                min: (rules["min"] as? NSNumber)?.doubleValue, max: (rules["max"] as? NSNumber)?.doubleValue),
            purpose: object["purpose"] as? String, serverNames: object["serverNames"] as? [String] ?? [])
    }
}

/// Why a form file could not be loaded.
public enum FormFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, jsonPath: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "The form file \(path) could not be read: \(reason)."
        case .invalid(let path, let jsonPath, let reason):
            return jsonPath.isEmpty
                ? "The form file \(path) is not valid: \(reason)."
                : "The form file \(path) is not valid at \(jsonPath): \(reason)."
        }
    }
}

/// TEMPORARY: finds the line of every JSON path (`fields[2].label`) by walking the text once.
enum TemporaryLineScanner {
    static func lines(in text: String) -> [String: Int] {
        var scanner = Scanner(characters: Array(text.unicodeScalars))
        scanner.value(path: "")
        return scanner.lines
    }

    private struct Scanner {
        let characters: [Unicode.Scalar]
        var index = 0
        var line = 1
        var lines: [String: Int] = [:]

        init(characters: [Unicode.Scalar]) { self.characters = characters }

        mutating func skipSpace() {
            while index < characters.count, " \t\r\n".unicodeScalars.contains(characters[index]) {
                if characters[index] == "\n" { line += 1 }
                index += 1
            }
        }

        mutating func value(path: String) {
            skipSpace()
            guard index < characters.count else { return }
            if !path.isEmpty, lines[path] == nil { lines[path] = line }
            switch characters[index] {
            case "{":
                index += 1
                while true {
                    skipSpace()
                    guard index < characters.count, characters[index] != "}" else { break }
                    if characters[index] == "," { index += 1; continue }
                    let keyLine = line
                    let key = string()
                    let child = path.isEmpty ? key : "\(path).\(key)"
                    lines[child] = keyLine
                    skipSpace()
                    if index < characters.count, characters[index] == ":" { index += 1 }
                    value(path: child)
                }
                index += 1
            case "[":
                index += 1
                var element = 0
                while true {
                    skipSpace()
                    guard index < characters.count, characters[index] != "]" else { break }
                    if characters[index] == "," { index += 1; continue }
                    value(path: "\(path)[\(element)]")
                    element += 1
                }
                index += 1
            case "\"":
                _ = string()
            default:
                while index < characters.count, !",}] \t\r\n".unicodeScalars.contains(characters[index]) { index += 1 }
            }
        }

        mutating func string() -> String {
            var result = ""
            index += 1
            while index < characters.count, characters[index] != "\"" {
                if characters[index] == "\\" { index += 1 }
                if index < characters.count { result.unicodeScalars.append(characters[index]) }
                index += 1
            }
            index += 1
            return result
        }
    }
}
