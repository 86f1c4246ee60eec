// MARK: - Reading

extension TranscriptEvent {
    /// The event one transcript line holds: an object with an integer `time`, a known `kind`, and string or null
    /// values for the rest; keys it does not know are ignored, as a newer Voz may add some. Nil for anything else.
    public init?(json: JSONNode) {
        guard let members = json.members else { return nil }
        var time: Int?
        var kind: Kind?
        var event = TranscriptEvent(time: 0, kind: .announcement)
        for member in members {
            let value = member.value
            switch Key(member.key) {
            case .time:
                guard let milliseconds = value.int else { return nil }
                time = milliseconds
            case .kind:
                guard let raw = value.string, let known = Kind(rawValue: raw) else { return nil }
                kind = known
            case .priority:
                guard let raw = Self.optionalText(value) else { return nil }
                guard let raw else {
                    event.priority = nil
                    continue
                }
                guard let priority = Priority(rawValue: raw) else { return nil }
                event.priority = priority
            case .text, .focus, .state, .wav, .detail:
                guard let text = Self.optionalText(value) else { return nil }
                event[text: Key(member.key)] = text
            case nil:
                continue
            }
        }
        guard let time, let kind else { return nil }
        event.time = time
        event.kind = kind
        self = event
    }

    /// A string, or null as `.some(nil)`; nil for any other value.
    private static func optionalText(_ node: JSONNode) -> String?? {
        switch node.value {
        case .null: return .some(nil)
        case .string(let text): return .some(text)
        default: return nil
        }
    }

    /// The optional text members by their key.
    private subscript(text key: Key?) -> String? {
        get {
            switch key {
            case .text: return text
            case .focus: return focus
            case .state: return state
            case .wav: return wav
            case .detail: return detail
            default: return nil
            }
        }
        set {
            switch key {
            case .text: text = newValue
            case .focus: focus = newValue
            case .state: state = newValue
            case .wav: wav = newValue
            case .detail: detail = newValue
            default: break
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
        if let state { members.append(("state", .string(state))) }
        if let text { members.append(("text", .string(text))) }
        members.append(("time", .number(time)))
        if let wav { members.append(("wav", .string(wav))) }
        return .object(members)
    }
}

// MARK: - Keys

/// The keys of a transcript line, told apart by length and first letter before one comparison that is nearly
/// always equal (and so cheap): a `switch` over strings compares with every case in turn, and this runs for every
/// member of every line of an audit.
private enum Key {
    case time, kind, priority, text, focus, state, wav, detail

    init?(_ key: String) {
        let candidate: (Key, String)
        switch (key.utf8.count, key.utf8.first) {
        case (4, UInt8(ascii: "t")?):
            candidate = key.utf8.last == UInt8(ascii: "e") ? (.time, "time") : (.text, "text")
        case (4, UInt8(ascii: "k")?): candidate = (.kind, "kind")
        case (8, UInt8(ascii: "p")?): candidate = (.priority, "priority")
        case (5, UInt8(ascii: "f")?): candidate = (.focus, "focus")
        case (5, UInt8(ascii: "s")?): candidate = (.state, "state")
        case (3, UInt8(ascii: "w")?): candidate = (.wav, "wav")
        case (6, UInt8(ascii: "d")?): candidate = (.detail, "detail")
        default: return nil
        }
        guard key == candidate.1 else { return nil }
        self = candidate.0
    }
}
