import Foundation
import VozSupport

/// Reads form files (design §4) into forms, with a line for every JSON path.
public enum FormFile {
    /// The largest form file accepted, in bytes. Real forms are a few kilobytes.
    public static let maxBytes = 4 * 1024 * 1024
    /// The deepest nesting accepted. A form needs four levels; the rest is room for `messages` and `headers`.
    public static let maxDepth = 64

    /// Reads and decodes the form file at `path`.
    ///
    /// The file is never read past `maxBytes`, so a huge file or a device that never ends is refused quickly.
    /// - Parameter forAudit: let through what `voz audit` reports as findings (empty labels, choices without
    ///   options) instead of refusing the file.
    public static func load(path: String, forAudit: Bool = false) throws(FormFileError) -> FormDocument {
        let data: Data
        do {
            data = try BoundedFile.read(path: path, limit: maxBytes)
        } catch {
            switch error {
            case .noFile: throw .unreadable(file: path, reason: FormProblem("formFile.reason.noFile"))
            case .folder: throw .unreadable(file: path, reason: FormProblem("formFile.reason.folder"))
            case .denied: throw .unreadable(file: path, reason: FormProblem("formFile.reason.denied"))
            case .tooLarge: throw .tooLarge(file: path, limit: maxBytes)
            // `.anything` opens every kind of file but a folder: a form named on the command line may be a pipe.
            case .readFailed, .special: throw .unreadable(file: path, reason: FormProblem("formFile.reason.failed"))
            }
        }
        return try decode(data: data, path: path, forAudit: forAudit)
    }

    /// Decodes a form file's bytes; `path` names the file in errors and in the document.
    public static func decode(data: Data, path: String, forAudit: Bool = false) throws(FormFileError) -> FormDocument {
        let root: JSONNode
        do {
            root = try JSONParser(maxDepth: maxDepth, maxBytes: maxBytes).parse(data)
        } catch {
            switch error {
            case .tooLarge: throw .tooLarge(file: path, limit: maxBytes)
            case .invalidUTF8(let line, _): throw .notUTF8(file: path, line: line)
            default: throw .notJSON(file: path, line: error.line, problem: error.problem)
            }
        }
        var decoder = FormDecoder(file: path, forAudit: forAudit)
        let form = try decoder.form(root)
        return FormDocument(path: path, form: form, sourceMap: SourceMap(lines: decoder.lines))
    }
}
