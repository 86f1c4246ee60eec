/// Check marks, arrows, stars and emoji are read as long names or not at all; drawing glyphs are left to
/// decorative-glyph-run and table-as-art.
public struct ScreenSymbolRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "symbol-unreadable", name: "SymbolUnreadable", criterion: .nonTextContent, severity: .moderate,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var reported: Set<Character> = []
        var findings: [Finding] = []
        // A frame redrawn with only its numbers changed holds the same symbols: checked once.
        var checked: Set<Int> = []
        for event in timeline.events where event.kind == .appeared || event.kind == .rewritten {
            guard checked.insert(ScreenText.shapeKey(event.text)).inserted else { continue }
            var found = SpokenSymbols.found(in: event.text)
            // A menu's pointer ("» Apple", "• Banana") is read by its long name, or as a quotation mark, before
            // every item it points at.
            if let pointer = Self.menuPointer(event.text), !found.contains(pointer) { found.insert(pointer, at: 0) }
            let symbols = found.filter { !ScreenText.isDrawing($0) && !reported.contains($0) }
            guard !symbols.isEmpty else { continue }
            reported.formUnion(symbols)
            let only = !SpokenSymbols.hasWords(event.text)
            findings.append(
                info.finding(
                    in: timeline, at: event.place, row: event.row, variant: only ? "onlyScreen" : "screen",
                    arguments: ["symbols": String(symbols)], severity: only ? .serious : nil))
        }
        return .checked(findings)
    }

    /// The pointer glyph a menu row starts with, when it is not plain ASCII (`>` is read as "greater than").
    static func menuPointer(_ text: String) -> Character? {
        let trimmed = text.drop { $0 == " " }
        guard let first = trimmed.first, ScreenText.pointers.contains(first) || first == "›", !first.isASCII,
            trimmed.dropFirst().first == " ", ScreenText.hasWords(String(trimmed))
        else { return nil }
        return first
    }
}
