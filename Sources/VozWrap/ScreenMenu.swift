import VozTerminal

/// A menu drawn on a full screen (whiptail, dialog, newt): items one a row, one column, the current one drawn in a
/// style of its own where the cursor is. Read from the screen's rows, so the person hears numbered choices.
public struct ScreenMenu: Sendable, Equatable {
    /// The items, top to bottom, their blanks collapsed.
    public var items: [String]
    /// The current item, 0 for the first.
    public var current: Int

    /// A menu of `items` with `current` the current one.
    public init(items: [String], current: Int) {
        self.items = items
        self.current = current
    }

    /// Characters of a box's frame, which end an item.
    static let frame: Set<Character> = ["│", "┃", "║", "|"]

    /// The menu around the cursor's row, if one is there: the cursor's row shows a stretch in a style no other
    /// stretch of that row has (the current item), and the rows above and below that show text from the same
    /// column are the other items. Nil when the screen shows no such thing: wrap does not guess.
    public static func read(_ rows: [ScreenRow], cursorRow: Int) -> ScreenMenu? {
        guard rows.indices.contains(cursorRow) else { return nil }
        let row = rows[cursorRow]
        let styles = row.styled.map(\.style)
        guard
            let highlight = row.styled.first(where: { run in
                run.text.contains(where: \.isLetter) && styles.filter { $0 == run.style }.count == 1
            })
        else { return nil }
        let column = highlight.column + highlight.text.prefix { $0 == " " }.count
        guard let first = item(rows[cursorRow], at: column) else { return nil }
        var above: [String] = []
        var index = cursorRow - 1
        while index >= 0, let text = item(rows[index], at: column) {
            above.insert(text, at: 0)
            index -= 1
        }
        var below: [String] = []
        index = cursorRow + 1
        while index < rows.count, let text = item(rows[index], at: column) {
            below.append(text)
            index += 1
        }
        let items = above + [first] + below
        guard items.count >= 2 else { return nil }
        return ScreenMenu(items: items, current: above.count)
    }

    /// The item a row shows from `column`: text that starts there after a blank, up to the frame.
    private static func item(_ row: ScreenRow, at column: Int) -> String? {
        let characters = Array(row.text)
        guard column > 0, column < characters.count, characters[column] != " ", !frame.contains(characters[column]),
            characters[column - 1] == " "
        else { return nil }
        let rest = characters[column...].prefix { !frame.contains($0) }
        let words = String(rest).split(separator: " ")
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
