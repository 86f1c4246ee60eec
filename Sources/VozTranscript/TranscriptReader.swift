import Foundation
import VozJSON

/// Reads a JSON Lines transcript back into events: the one reader, for `voz audit --transcript`, the fuzzer and the
/// tests.
public enum TranscriptReader {
    /// Every event of the file at `path`, in order.
    ///
    /// A last line without its newline is what a killed session may leave mid-write; it is skipped when it is not a
    /// whole event. Any other line that is not an event is an error naming the file and line.
    public static func read(path: String) throws(TranscriptError) -> [TranscriptEvent] {
        try lines(path: path, skippingCutEnd: true).events
    }

    /// Every event of the file at `path`, with the line (counted from 1) each stood on; a line that is not an event
    /// is an error naming the file and line, unless it is a cut last line and `skippingCutEnd` (the audit reports it).
    public static func lines(path: String, skippingCutEnd: Bool = false) throws(TranscriptError) -> (
        events: [TranscriptEvent], lines: [Int]
    ) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path, reason: "not UTF-8 text")
        }
        return try lines(text, path: path, skippingCutEnd: skippingCutEnd)
    }

    /// Parses JSON Lines text; `path` only names the file in errors. Blank lines are skipped.
    public static func lines(_ text: String, path: String, skippingCutEnd: Bool = false) throws(TranscriptError) -> (
        events: [TranscriptEvent], lines: [Int]
    ) {
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
                // A cut last line: the session was killed while writing it.
                if event == nil, isEnd, skippingCutEnd { return nil }
                guard let event else { return number }
                events.append(event)
                lines.append(number)
            }
            return nil
        }
        if let failedLine { throw .badLine(path: path, line: failedLine) }
        return (events, lines)
    }

    /// The ASCII characters Foundation's `whitespacesAndNewlines` trims: tab, line feed, vertical tab, form feed,
    /// carriage return and space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
