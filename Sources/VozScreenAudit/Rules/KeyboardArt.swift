import VozTerminal

/// Pictures and big letters drawn with keyboard symbols (figlet banners, cowsay's cow, an ASCII train): no glyph in
/// them is unusual, so the symbol list finds nothing, yet a screen reader reads each "underscore", "slash" and
/// "vertical line" of every row, and the words they draw are never written.
enum KeyboardArt {
    /// The rows that make a picture: at least this many, one after another, each mostly symbols.
    static let fewestRows = 3

    /// The keyboard symbols such pictures are drawn with.
    private static let strokes: Set<Character> = [
        "_", "|", "/", "\\", "(", ")", "[", "]", "{", "}", "<", ">", "^", "~", "=", "-", ".", "'", "`", ",", ":",
        ";", "\"", "+", "*", "#", "@", "$", "%", "&", "!", "?",
    ]

    /// The first picture among the rows that appeared: its first event and how many rows it spans; nil for none.
    static func firstPicture(in events: [ScreenEvent]) -> (first: ScreenEvent, rows: Int)? {
        var run: [ScreenEvent] = []
        for event in events {
            switch event.kind {
            case .appeared:
                if isStroked(event.text) {
                    run.append(event)
                    continue
                }
                if let picture = picture(run) { return picture }
                run = []
            case .cleared, .erased, .rewritten, .alternateScreenOn, .alternateScreenOff:
                if let picture = picture(run) { return picture }
                run = []
            default:
                continue
            }
        }
        return picture(run)
    }

    /// A run of stroked rows as a picture; nil when it is not one.
    private static func picture(_ run: [ScreenEvent]) -> (first: ScreenEvent, rows: Int)? {
        guard let first = run.first, isPicture(run.map(\.text)) else { return nil }
        return (first, run.count)
    }

    /// Whether stroked rows, one after another, draw a picture: enough of them, drawn with several symbols (rules
    /// of one symbol under each other are decoration), and not a frame (an SSH key's random art: every row
    /// between the same two bars), which the glyph-run and table rules judge.
    static func isPicture(_ rows: [String]) -> Bool {
        guard rows.count >= fewestRows else { return false }
        let symbols = Set(rows.joined().filter(strokes.contains))
        guard symbols.count >= 3 else { return false }
        let framed = rows.filter { text in
            let trimmed = text.trimmingTrailingSpaces
            return trimmed.first(where: { $0 != " " }) == "|" && trimmed.last == "|"
        }
        let edges = Set(framed.map { "\($0.prefix { $0 == " " }.count) \($0.trimmingTrailingSpaces.count)" })
        return !(framed.count * 10 >= rows.count * 8 && edges.count == 1)
    }

    /// Whether a row is drawn rather than written: three symbols or more, most of what it shows, and no word of
    /// three letters, and no number (a table's row holds words; wget's dots count).
    static func isStroked(_ text: String) -> Bool {
        let shown = text.filter { $0 != " " }
        let symbols = shown.filter(strokes.contains).count
        guard symbols >= 3, symbols * 10 >= shown.count * 6 else { return false }
        // A number says the row is counted or measured (wget's dots, a progress bar), not drawn.
        guard !shown.contains(where: \.isNumber) else { return false }
        var letters = 0
        for character in text {
            letters = character.isLetter ? letters + 1 : 0
            if letters >= 3 { return false }
        }
        return true
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: Substring {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
