import Foundation
import VozForm
import VozJSON
import VozLocalization
import VozTranscript

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
        let read = try TranscriptReader.lines(path: path)
        return Transcript(path: path, events: read.events, eventLines: read.lines, form: form)
    }

    /// Parses JSON Lines text; `path` only names the file in findings and errors.
    public static func parse(_ text: String, path: String, form: Form? = nil) throws(TranscriptError) -> Transcript {
        let read = try TranscriptReader.lines(text, path: path)
        return Transcript(path: path, events: read.events, eventLines: read.lines, form: form)
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
