/// Decodes the transcript lines Voz writes (one flat JSON object of known keys) straight from their bytes.
///
/// `JSONDecoder` costs several microseconds a line, most of a 100,000-event audit. This decoder takes only
/// what it is sure of: an object of the eight `TranscriptEvent` keys, each at most once, with string, null or
/// small integer values, in strict JSON. Anything else (an unknown key, a fraction, a lone surrogate, a syntax
/// error) gives nil, and the caller asks `JSONDecoder`, which decides as it always has.
struct TranscriptLineDecoder {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let end: Int

    /// A decoder for `bytes[start..<end]`, which must be valid UTF-8 (it comes from a `String`).
    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        self.bytes = bytes
        self.index = start
        self.end = end
    }

    // MARK: - Event

    private enum Key: Int {
        case time, kind, priority, text, focus, state, wav, detail
    }

    private static let keys: [(Key, [UInt8])] = [
        (.time, Array("time".utf8)), (.kind, Array("kind".utf8)), (.priority, Array("priority".utf8)),
        (.text, Array("text".utf8)), (.focus, Array("focus".utf8)), (.state, Array("state".utf8)),
        (.wav, Array("wav".utf8)), (.detail, Array("detail".utf8)),
    ]

    /// The event the bytes hold, or nil when they are anything but a plain event object.
    mutating func event() -> TranscriptEvent? {
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var seen: UInt8 = 0
        var time: Int?
        var kind: TranscriptEvent.Kind?
        var event = TranscriptEvent(time: 0, kind: .announcement)
        skipWhitespace()
        if !take(UInt8(ascii: "}")) {
            while true {
                skipWhitespace()
                guard let key = key(), seen & (1 << key.rawValue) == 0 else { return nil }
                seen |= 1 << key.rawValue
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipWhitespace()
                switch key {
                case .time:
                    guard let value = integer() else { return nil }
                    time = value
                case .kind:
                    guard let raw = string(), let value = TranscriptEvent.Kind(rawValue: raw) else { return nil }
                    kind = value
                case .priority:
                    guard let raw = optionalString() else { return nil }
                    guard let raw else {
                        event.priority = nil
                        break
                    }
                    guard let value = Priority(rawValue: raw) else { return nil }
                    event.priority = value
                case .text, .focus, .state, .wav, .detail:
                    guard let value = optionalString() else { return nil }
                    set(key, value, in: &event)
                }
                skipWhitespace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        skipWhitespace()
        guard index == end, let time, let kind else { return nil }
        event.time = time
        event.kind = kind
        return event
    }

    private func set(_ key: Key, _ value: String?, in event: inout TranscriptEvent) {
        switch key {
        case .text: event.text = value
        case .focus: event.focus = value
        case .state: event.state = value
        case .wav: event.wav = value
        case .detail: event.detail = value
        case .time, .kind, .priority: break
        }
    }

    // MARK: - Values

    private mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// One of the eight keys, written without escapes.
    private mutating func key() -> Key? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        return Self.keys.first { $0.1.elementsEqual(name) }?.0
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < end, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A string, or null as `.some(nil)`; nil for anything else.
    private mutating func optionalString() -> String?? {
        if end - index >= 4, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
            bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
        {
            index += 4
            return .some(nil)
        }
        guard let text = string() else { return nil }
        return .some(text)
    }

    /// An integer of at most 15 digits (exact as a Double too), with no fraction or exponent.
    private mutating func integer() -> Int? {
        let negative = take(UInt8(ascii: "-"))
        let start = index
        var value = 0
        while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            // Past 15 digits the line goes to JSONDecoder; accumulating further would overflow on outside input.
            guard index - start < 15 else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits <= 15, bytes[start] != UInt8(ascii: "0") || digits == 1 else { return nil }
        if index < end, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") {
            return nil
        }
        return negative ? -value : value
    }

    /// A JSON string with its escapes resolved; nil for a control character, a bad escape or no closing quote.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        // Most strings have no escape: their bytes are the text.
        while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { return nil }
            index += 1
        }
        guard index < end else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        var run = index
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                index += 1
                if byte == UInt8(ascii: "\"") { return text }
                guard let scalar = escape() else { return nil }
                text.unicodeScalars.append(scalar)
                run = index
            } else {
                guard byte >= 0x20 else { return nil }
                index += 1
            }
        }
        return nil
    }

    /// The scalar an escape stands for, the backslash already read; a surrogate pair makes one scalar.
    private mutating func escape() -> Unicode.Scalar? {
        guard index < end else { return nil }
        let byte = bytes[index]
        index += 1
        if let scalar = JSONEscape.single(byte) { return scalar }
        switch byte {
        case UInt8(ascii: "u"):
            guard let first = hex4() else { return nil }
            guard (0xD800...0xDBFF).contains(first) else { return Unicode.Scalar(first) }
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let second = hex4() else { return nil }
            return JSONEscape.pair(high: first, low: second)
        default: return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard end - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
