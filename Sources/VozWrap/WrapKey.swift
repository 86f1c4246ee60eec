/// A key the person names after `:keys`, and the bytes a terminal sends for it.
public enum WrapKey: String, Sendable, Equatable, CaseIterable {
    case up, down, left, right, enter, tab, space, escape, interrupt, pageUp, pageDown, home, end

    /// The names a person may type for each key, lowercased; the first is the one said.
    static let names: [WrapKey: [String]] = [
        .up: ["up"], .down: ["down"], .left: ["left"], .right: ["right"], .enter: ["enter", "return"],
        .tab: ["tab"], .space: ["space"], .escape: ["esc", "escape"], .interrupt: ["ctrl-c", "ctrl+c", "^c"],
        .pageUp: ["pageup", "page-up", "pgup"], .pageDown: ["pagedown", "page-down", "pgdn"], .home: ["home"],
        .end: ["end"],
    ]

    /// The key named `name` (any case); nil for a name no key has.
    public init?(name: String) {
        let wanted = name.lowercased()
        guard let key = Self.allCases.first(where: { Self.names[$0]?.contains(wanted) == true }) else { return nil }
        self = key
    }

    /// Every key's first name, in order, for the sentence that lists them.
    public static var spokenNames: [String] { allCases.compactMap { names[$0]?.first } }

    /// The bytes the key sends; arrows, Home and End as the program asked for them (`applicationCursor`: after
    /// `ESC [ ? 1 h`, as ncurses and newt ask, they come as `ESC O A`, else `ESC [ A`).
    public func bytes(applicationCursor: Bool) -> [UInt8] {
        let lead: [UInt8] = applicationCursor ? [0x1B, 0x4F] : [0x1B, 0x5B]
        switch self {
        case .up: return lead + [0x41]
        case .down: return lead + [0x42]
        case .right: return lead + [0x43]
        case .left: return lead + [0x44]
        case .home: return lead + [0x48]
        case .end: return lead + [0x46]
        case .enter: return [0x0D]
        case .tab: return [0x09]
        case .space: return [0x20]
        case .escape: return [0x1B]
        case .interrupt: return [0x03]
        case .pageUp: return Array("\u{1B}[5~".utf8)
        case .pageDown: return Array("\u{1B}[6~".utf8)
        }
    }
}
