import Foundation
import VozJSON

/// Reads a JSON Lines transcript back into events, for `voz audit --transcript` and tests.
public enum TranscriptReader {
    /// Every event of the file at `path`, in order.
    ///
    /// A last line without its newline is what a killed session may leave mid-write; it is skipped when it is
    /// not a whole event. Any other line that is not an event is an error naming the file and line.
    public static func read(path: String) throws(SpeechError) -> [TranscriptEvent] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, detail: "cannot be read")
        }
        let parser = JSONParser()
        let endsWithNewline = data.last == 0x0A
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        var events: [TranscriptEvent] = []
        for (index, line) in lines.enumerated() where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
            guard let json = try? parser.parse(line), let event = TranscriptEvent(json: json) else {
                if index == lines.count - 1, !endsWithNewline { break }
                throw .unreadableTranscript(path: path, line: index + 1)
            }
            events.append(event)
        }
        return events
    }
}
