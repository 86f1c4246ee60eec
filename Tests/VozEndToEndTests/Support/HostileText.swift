import Foundation

/// What must never reach a terminal or a voice: escape sequences, control characters, direction overrides,
/// markup, JSON and the technical words of HTTP.
enum HostileText {
    /// Each kind of problem found in `text`, once, with an example; empty when the text is clean.
    /// - Parameter allowBraces: a transcript's raw bytes are JSON, so braces are expected there.
    static func problems(in text: String, allowBraces: Bool = false) -> [String] {
        var problems: [String] = []
        func note(_ problem: String) {
            if !problems.contains(problem) { problems.append(problem) }
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: continue
            case 0x1B: note("ESC (U+001B)")
            case 0x00...0x1F, 0x7F...0x9F: note("control character U+\(String(scalar.value, radix: 16))")
            case 0x202A...0x202E, 0x2066...0x2069: note("direction override U+\(String(scalar.value, radix: 16))")
            default: continue
            }
        }
        var fragments = ["<prosody", "<speak", "</", "HTTP", "http://", "https://"]
        if !allowBraces { fragments += ["{", "}"] }
        for fragment in fragments where text.contains(fragment) { note("\"\(fragment)\"") }
        if let range = text.range(of: "\\b[45][0-9][0-9]\\b", options: .regularExpression) {
            note("a status code: \(text[range])")
        }
        return problems
    }

    /// The `text` of every event in a JSON Lines transcript.
    static func transcriptTexts(_ url: URL) throws -> [String] {
        try transcriptEvents(url).compactMap { $0["text"] as? String }
    }

    /// Every event of a JSON Lines transcript, as JSON objects.
    static func transcriptEvents(_ url: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: url)
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            guard let event = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw NotAnEvent(line: String(decoding: line, as: UTF8.self))
            }
            return event
        }
    }

    struct NotAnEvent: Error, CustomStringConvertible {
        var line: String
        var description: String { "not a transcript event: \(line.prefix(200))" }
    }
}
