import VozAudit
import VozTerminal

/// Check marks, arrows, stars and emoji are read as long names or not at all; drawing glyphs are left to
/// decorative-glyph-run and table-as-art.
package struct ScreenSymbolRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "symbol-unreadable", name: "SymbolUnreadable", criterion: .nonTextContent, severity: .moderate,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
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
            // A lone Braille pattern beside words is a spinner's frame ("⠋ Loading"), read as "braille pattern
            // dots 1 2 4"; runs of them draw a picture, which decorative-glyph-run judges.
            found += Self.loneBraille(event.text).filter { !found.contains($0) }
            // A spinner's Braille frames are one symbol however many frames it turns through: said once, not once
            // a frame glyph.
            var symbols = found.filter {
                (!ScreenText.isDrawing($0) || Self.isBraille($0)) && !reported.contains($0)
                    && !(Self.isBraille($0) && reported.contains(where: Self.isBraille))
            }
            if let braille = symbols.firstIndex(where: Self.isBraille) {
                symbols = symbols.enumerated().filter { !Self.isBraille($0.element) || $0.offset == braille }
                    .map(\.element)
            }
            guard !symbols.isEmpty else { continue }
            reported.formUnion(symbols)
            let only = !SpokenSymbols.hasWords(event.text)
            findings.append(
                info.finding(
                    in: timeline, at: event.place, row: event.row, variant: only ? "onlyScreen" : "screen",
                    arguments: ["symbols": String(symbols)], severity: only ? .serious : nil))
        }
        if let picture = KeyboardArt.firstPicture(in: timeline.events) {
            findings.append(
                info.finding(
                    in: timeline, at: picture.first.place, row: picture.first.row, variant: "art",
                    arguments: ["rows": String(picture.rows)], severity: .serious))
        }
        return .checked(findings)
    }

    /// The Braille patterns of a row with words that stand alone, with no drawing glyph beside them.
    static func loneBraille(_ text: String) -> [Character] {
        guard text.unicodeScalars.contains(where: { (0x2800...0x28FF).contains($0.value) }),
            SpokenSymbols.hasWords(text)
        else { return [] }
        let characters = Array(text)
        return characters.indices.filter { index in
            isBraille(characters[index])
                && (index == 0 || !ScreenText.isDrawing(characters[index - 1]))
                && (index + 1 == characters.count || !ScreenText.isDrawing(characters[index + 1]))
        }.map { characters[$0] }
    }

    static func isBraille(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x2800...0x28FF).contains($0.value) } ?? false
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
