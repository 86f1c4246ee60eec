import VozAccessibility
import VozJSON

// MARK: - Reading

extension TranscriptEvent {
    /// The event one transcript line holds: an object with an integer `time`, a known `kind`, and string or null
    /// values for the rest; keys it does not know are ignored, as a newer Voz may add some. Nil for anything else.
    public init?(json: JSONNode) {
        guard let members = json.members else { return nil }
        var reader = Reader()
        for member in members {
            var key = member.key
            let known = key.withUTF8 { reader.take($0, member.value) }
            guard known else { return nil }
        }
        guard let event = reader.finish() else { return nil }
        self = event
    }

    /// Reads one transcript line through the parser member by member, without building the object: the audit's
    /// path through 100,000 lines. Nil when the line is not JSON or not an event.
    package static func read(line: UnsafeBufferPointer<UInt8>, with parser: JSONParser) -> TranscriptEvent? {
        var reader = Reader()
        guard (try? parser.forEachMember(of: line) { reader.take($0, $1) }) == true else { return nil }
        return reader.finish()
    }

    /// Gathers an event from its members, in whatever order they come.
    private struct Reader {
        var time: Int?
        var kind: Kind?
        var partial = TranscriptEvent(time: 0, kind: .announcement)

        /// The event, when the members had a time and a kind.
        consuming func finish() -> TranscriptEvent? {
            guard let time, let kind else { return nil }
            var event = partial
            event.time = time
            event.kind = kind
            return event
        }

        /// Takes one member; false when its value is not what the key needs.
        mutating func take(_ key: UnsafeBufferPointer<UInt8>, _ value: JSONNode) -> Bool {
            switch Key(key) {
            case .time:
                guard let milliseconds = value.int else { return false }
                time = milliseconds
            case .kind:
                guard let raw = value.string, let known = Kind(rawValue: raw) else { return false }
                kind = known
            case .priority:
                guard let raw = optionalText(value) else { return false }
                guard let raw else {
                    partial.priority = nil
                    return true
                }
                guard let priority = Priority(rawValue: raw) else { return false }
                partial.priority = priority
            case .text:
                guard let text = optionalText(value) else { return false }
                partial.text = text
            case .focus:
                guard let text = optionalText(value) else { return false }
                partial.focus = text
            case .state:
                guard let text = optionalText(value) else { return false }
                guard let text else {
                    partial.state = nil
                    return true
                }
                guard let phase = SubmissionPhase(rawValue: text) else { return false }
                partial.state = phase
            case .wav:
                guard let text = optionalText(value) else { return false }
                partial.wav = text
            case .detail:
                guard let text = optionalText(value) else { return false }
                partial.detail = text
            case nil:
                // A key a newer Voz may add: ignored, as it always was.
                break
            }
            return true
        }

        /// A string, or null as `.some(nil)`; nil for any other value.
        private func optionalText(_ node: JSONNode) -> String?? {
            switch node.value {
            case .null: return .some(nil)
            case .string(let text): return .some(text)
            default: return nil
            }
        }
    }

    // MARK: - Writing

    /// The event as one transcript line's JSON: keys sorted, absent values left out.
    public var json: JSONNode {
        var members: [(String, JSONNode)] = []
        if let detail { members.append(("detail", .string(detail))) }
        if let focus { members.append(("focus", .string(focus))) }
        members.append(("kind", .string(kind.rawValue)))
        if let priority { members.append(("priority", .string(priority.rawValue))) }
        if let state { members.append(("state", .string(state.rawValue))) }
        if let text { members.append(("text", .string(text))) }
        members.append(("time", .number(time)))
        if let wav { members.append(("wav", .string(wav))) }
        return .object(members)
    }
}

// MARK: - Keys

/// The keys of a transcript line, read from their bytes: no string is made for a key.
private enum Key {
    case time, kind, priority, text, focus, state, wav, detail

    init?(_ key: UnsafeBufferPointer<UInt8>) {
        let candidate: (Key, StaticString)
        switch (key.count, key.first) {
        case (4, UInt8(ascii: "t")?): candidate = key[3] == UInt8(ascii: "e") ? (.time, "time") : (.text, "text")
        case (4, UInt8(ascii: "k")?): candidate = (.kind, "kind")
        case (8, UInt8(ascii: "p")?): candidate = (.priority, "priority")
        case (5, UInt8(ascii: "f")?): candidate = (.focus, "focus")
        case (5, UInt8(ascii: "s")?): candidate = (.state, "state")
        case (3, UInt8(ascii: "w")?): candidate = (.wav, "wav")
        case (6, UInt8(ascii: "d")?): candidate = (.detail, "detail")
        default: return nil
        }
        let name = candidate.1.utf8Start
        for offset in 1..<key.count where key[offset] != name[offset] { return nil }
        self = candidate.0
    }
}
