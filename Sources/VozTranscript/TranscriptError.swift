import VozLocalization

/// Why a transcript could not be written or read.
///
/// `description` is the technical detail for the log; `message(_:)` is the one sentence the person hears.
public enum TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transcript file could not be created.
    case cannotWrite(path: String, detail: String)
    /// The transcript's path is a symbolic link, which Voz does not write through.
    case isLink(path: String)
    /// The transcript's path is not a file: a pipe, a socket, a folder.
    case notAFile(path: String)
    /// The file could not be read; `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// The line (counted from 1) is not one transcript event in JSON.
    case badLine(path: String, line: Int)

    /// The problem in English, with its detail, for logs.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let detail): return "cannot write transcript \(path): \(detail)"
        case .isLink(let path): return "transcript \(path) is a symbolic link; not followed"
        case .notAFile(let path): return "transcript \(path) is not a file"
        case .unreadable(let path, let reason): return "The transcript \(path) could not be read: \(reason)."
        case .badLine(let path, let line):
            return "Line \(line) of the transcript \(path) is not a transcript event in JSON."
        }
    }

    /// The one sentence the person hears and reads, from the catalog.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .cannotWrite(let path, _): return localizer.text("speech.error.transcript", ["file": path])
        case .isLink(let path): return localizer.text("speech.error.transcriptLink", ["file": path])
        case .notAFile(let path): return localizer.text("output.notAFile", ["file": path])
        case .unreadable(let path, _): return localizer.text("audit.error.transcriptUnreadable", ["file": path])
        case .badLine(let path, let line):
            return localizer.text("audit.error.transcriptBadLine", ["file": path, "line": String(line)])
        }
    }
}
