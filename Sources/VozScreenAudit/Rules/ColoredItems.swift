import VozAudit
import VozTerminal

/// Items of a listing told apart only by colour: `ls --color` paints directories blue and programs green and
/// says nothing in text. Items are what a row lays out with two or more spaces between them, or a row's single
/// word; an item is marked in text when it names a state ("ok", "failed") or carries a sign (`bin/`, `run.sh*`,
/// `+added`), or its row starts with a file mode (`drwxr-xr-x`).
enum ColoredItems {
    struct Item {
        var text: String
        var color: Int32
        var row: Int
    }

    /// The coloured items of one output chunk (rows written together) that only colour sets apart, when colour
    /// sets apart two or more kinds of item there.
    static func unmarked(_ chunk: ArraySlice<ScreenEvent>) -> [Item] {
        // Only an item in a foreground colour is reported: a chunk without one is not split into items (a replay
        // has a chunk an output event).
        guard chunk.contains(where: { $0.styled.contains { Self.foreground(of: $0) >= 0 } }) else { return [] }
        var items: [Item] = []
        var marked: Set<Int> = []
        // A word the terminal split at the right edge leaves its end alone on the next row ("Use gl" / "obs."):
        // that row continues a sentence and is no item of a listing.
        // The scanner names such a word by its start and the first letter past the edge ("glo").
        let wrapped = chunk.filter { $0.kind == .wrappedWord }.map(\.text)
        var above = ""
        for event in chunk
        where event.kind == .rewritten || (event.kind == .appeared && event.previous.allSatisfy { $0 == " " }) {
            // Every item has words, so a row without any has no item.
            guard let row = event.row, ScreenText.hasWords(event.text) else { continue }
            let continued = wrapped.contains { word in
                guard let next = word.last else { return false }
                return above.hasSuffix(String(word.dropLast())) && event.text.trimmingBlanks.first == next
            }
            above = event.text
            guard !continued else { continue }
            let found = rowItems(event, row: row)
            if hasFileMode(event.text) { marked.formUnion(found.indices.map { $0 + items.count }) }
            items += found
        }
        guard items.count >= 2, Set(items.map(\.color)).count >= 2 else { return [] }
        return items.indices.filter { items[$0].color >= 0 && !marked.contains($0) && !isMarked(items[$0].text) }
            .map { items[$0] }
    }

    /// The items of a row with the foreground colour of their first character (-1 for none).
    private static func rowItems(_ event: ScreenEvent, row: Int) -> [Item] {
        var spans: [(start: Int, text: String)] = []
        var current = ""
        var currentStart = 0
        var spaces = 0
        for (index, character) in event.text.enumerated() {
            guard character != " " else {
                spaces += 1
                continue
            }
            if current.isEmpty || spaces >= 2 {
                if !current.isEmpty { spans.append((currentStart, current)) }
                current = String(character)
                currentStart = index
            } else {
                current += String(repeating: " ", count: spaces) + String(character)
            }
            spaces = 0
        }
        if !current.isEmpty { spans.append((currentStart, current)) }
        // A row of one stretch is an item only when it is one word (`ls -1`); a sentence is not a listing.
        if spans.count == 1, ScreenText.contains(spans[0].text, " ") { return [] }
        return spans.filter { ScreenText.hasWords($0.text) }.map { span in
            Item(text: span.text, color: color(of: span, in: event.styled), row: row)
        }
    }

    /// The one colour every letter of an item is drawn in, or -1. A listing paints a whole name (`ls` a
    /// directory); an item in several colours, or partly plain, is highlighted code or a diagnostic (gcc's green
    /// `return` in `return undefined_total;`, gdb's blue address before a yellow function), whose words say it all.
    private static func color(of span: (start: Int, text: String), in styled: [StyledRun]) -> Int32 {
        var found: Int32?
        for (offset, character) in span.text.enumerated() where character != " " {
            let column = span.start + offset
            let run = styled.first { $0.column <= column && column < $0.column + $0.text.count }
            let color = run.map(Self.foreground(of:)) ?? -1
            guard found == nil || found == color else { return -1 }
            found = color
        }
        return found ?? -1
    }

    /// The colour a stretch sets its items apart by: -1 for none, or when it is highlighted rather than coloured.
    private static func foreground(of run: StyledRun) -> Int32 {
        run.style.reverse || run.style.background >= 0 ? -1 : run.style.foreground
    }

    /// Whether an item says in text what its colour says.
    static func isMarked(_ text: String) -> Bool {
        // A sentence ("4 injection patterns detected!") says what it means in its words; its colour repeats it.
        if text.split(separator: " ").filter({ ScreenText.hasWords(String($0)) }).count >= 3 { return true }
        if let last = text.last, "/*@=|>".contains(last) { return true }
        if let first = text.first, "+-".contains(first) { return true }
        // A file's extension says its kind as `ls` colours it (`notes.zip` red for an archive).
        if let dot = text.lastIndex(of: "."), dot != text.startIndex {
            let ending = text[text.index(after: dot)...]
            if (1...4).contains(ending.count), ending.allSatisfy({ $0.isLetter || $0.isNumber }),
                ending.contains(where: \.isLetter)
            {
                return true
            }
        }
        return text.split(separator: " ").contains { ScreenText.isStateWord(String($0)) }
    }

    /// Whether a row starts with a file mode (`ls -l`), whose first letter says the file's type.
    static func hasFileMode(_ text: String) -> Bool {
        let mode = Array(text.drop { $0 == " " }.prefix(10))
        guard mode.count == 10, "-dlcbps".contains(mode[0]) else { return false }
        return mode.dropFirst().allSatisfy { "rwxsStT-".contains($0) }
    }
}
