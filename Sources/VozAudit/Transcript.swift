import Foundation
import VozAnnouncer
import VozForm
import VozJSON
import VozLocalization

/// A session transcript as the audit reads it: the events in order, the line each came from, and optionally the
/// form the session ran (for field order and secret fields).
public struct Transcript: Sendable, Equatable {
    /// The file's path as given.
    public var path: String
    /// The events, in the order the file has them.
    public var events: [TranscriptEvent]
    /// The 1-based line of each event in the file (blank lines are skipped, so they may differ from index + 1).
    public var eventLines: [Int]
    /// The form the session ran, when the auditor gave it.
    public var form: Form?

    /// A transcript of `events`, on lines 1, 2, 3… unless `eventLines` says where each was.
    public init(path: String, events: [TranscriptEvent], eventLines: [Int]? = nil, form: Form? = nil) {
        self.path = path
        self.events = events
        self.eventLines = eventLines ?? events.indices.map { $0 + 1 }
        self.form = form
    }

    /// The line of event `index` in the file.
    public func line(ofEvent index: Int) -> Int {
        eventLines.indices.contains(index) ? eventLines[index] : index + 1
    }

    // MARK: - Reading

    /// Reads a JSON Lines transcript, one `TranscriptEvent` a line; blank lines are skipped.
    public static func load(path: String, form: Form? = nil) throws(TranscriptError) -> Transcript {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path, reason: "not UTF-8 text")
        }
        return try parse(text, path: path, form: form)
    }

    /// Parses JSON Lines text; `path` only names the file in findings and errors.
    public static func parse(_ text: String, path: String, form: Form? = nil) throws(TranscriptError) -> Transcript {
        var text = text
        var events: [TranscriptEvent] = []
        var lines: [Int] = []
        let parser = JSONParser()
        // Lines end at a line feed on its own: "\r\n" is one Character, not the "\n" the lines were always split
        // at. Each line is parsed straight from the text's bytes by the one JSON parser.
        let failedLine: Int? = text.withUTF8 { bytes in
            var start = 0
            var number = 1
            for index in 0...bytes.count {
                let isEnd = index == bytes.count
                guard isEnd || (bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D)) else { continue }
                defer {
                    start = index + 1
                    number += 1
                }
                var first = start
                var last = index
                while first < last, Self.isASCIIWhitespace(bytes[first]) { first += 1 }
                while last > first, Self.isASCIIWhitespace(bytes[last - 1]) { last -= 1 }
                if first == last { continue }
                let event: TranscriptEvent?
                if bytes[first] < 0x80, bytes[last - 1] < 0x80 {
                    event = TranscriptEvent.read(line: UnsafeBufferPointer(rebasing: bytes[first..<last]), with: parser)
                } else {
                    // Other Unicode spaces (no-break, line separator) are trimmed as they always were.
                    var line = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<last]), as: UTF8.self)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                    if line.isEmpty { continue }
                    event = line.withUTF8 { TranscriptEvent.read(line: $0, with: parser) }
                }
                guard let event else { return number }
                events.append(event)
                lines.append(number)
            }
            return nil
        }
        if let failedLine { throw .badLine(path: path, line: failedLine) }
        return Transcript(path: path, events: events, eventLines: lines, form: form)
    }

    /// The ASCII characters Foundation's `whitespacesAndNewlines` trims: tab, line feed, vertical tab, form feed,
    /// carriage return and space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    // MARK: - What the session ran

    /// Field ids in form order: the form's when given, else the order in which fields were first prompted.
    public var fieldOrder: [String] {
        if let form { return form.fields.map(\.id) }
        var order: [String] = []
        var seen = Set<String>()
        for index in events.indices where events[index].kind == .prompt {
            if let focus = events[index].focus, focus != "submit", seen.insert(focus).inserted { order.append(focus) }
        }
        return order
    }

    /// Fields known to be secret: the form's sensitive fields (`Field.isSensitive`), and any field whose input was
    /// ever recorded hidden.
    public var secretFields: Set<String> {
        var secret = Set(form?.fields.filter(\.isSensitive).map(\.id) ?? [])
        for event in events where event.kind == .input && event.detail == "hidden" {
            if let focus = event.focus { secret.insert(focus) }
        }
        return secret
    }
}

/// Why a transcript could not be read.
public enum TranscriptError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read; `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// The line is not one transcript event in JSON.
    case badLine(path: String, line: Int)

    /// The sentence in English.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "The transcript \(path) could not be read: \(reason)."
        case .badLine(let path, let line):
            return "Line \(line) of the transcript \(path) is not a transcript event in JSON."
        }
    }

    /// The same sentence from the catalog, in `localizer`'s language.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .unreadable(let path, _):
            return localizer.text("audit.error.transcriptUnreadable", ["file": path])
        case .badLine(let path, let line):
            return localizer.text("audit.error.transcriptBadLine", ["file": path, "line": String(line)])
        }
    }
}
