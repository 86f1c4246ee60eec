import Testing
import VozLocalization
import VozTerminal

@testable import VozWrap

/// A full-screen menu read from the screen's rows: the current item by a style of its own where the cursor is, the
/// others from the same column above and below, inside the box.
@Suite struct ScreenMenuTests {
    static let box = CellStyle(foreground: 0, background: 7)
    static let current = CellStyle(foreground: 7, background: 1)

    /// A row of a newt box: frame and blanks in the box's style, the item at column 14 in `style`.
    static func row(_ item: String, style: CellStyle) -> ScreenRow {
        let text = "│             " + item.padding(toLength: 11, withPad: " ", startingAt: 0) + "              │"
        return ScreenRow(
            text: text,
            styled: [
                StyledRun(column: 0, text: "│             ", style: box),
                StyledRun(column: 14, text: item.padding(toLength: 11, withPad: " ", startingAt: 0), style: style),
                StyledRun(column: 25, text: "              │", style: box),
            ])
    }

    static let rows = [
        ScreenRow(
            text: "│ Pick a colour                        │", styled: [StyledRun(column: 0, text: "│", style: box)]),
        row("red   Red", style: box), row("green Green", style: current), row("blue  Blue", style: box),
        ScreenRow(text: "│       <Ok>           <Cancel>        │", styled: []),
    ]

    @Test func theItemsAndTheCurrentOneAreRead() {
        #expect(
            ScreenMenu.read(Self.rows, cursorRow: 2)
                == ScreenMenu(items: ["red Red", "green Green", "blue Blue"], current: 1))
    }

    /// Where the cursor's row has no style of its own, or stands alone, there is no menu: wrap does not guess.
    @Test func noMenuIsMadeUp() {
        #expect(ScreenMenu.read(Self.rows, cursorRow: 0) == nil)
        #expect(ScreenMenu.read(Self.rows, cursorRow: 9) == nil)
        #expect(ScreenMenu.read([Self.row("alone", style: Self.current)], cursorRow: 0) == nil)
    }

    @Test func theMenuIsSaidAsNumberedChoicesOnce() {
        var narrator = Narrator(program: "whiptail", rows: 5, columns: 80, localizer: Localizer(language: .en))
        let menu = ScreenMenu(items: ["red Red", "green Green", "blue Blue"], current: 1)
        #expect(
            narrator.waiting(hidden: false, menu: menu, at: .seconds(1)).map(\.text) == [
                "whiptail asks you to choose 1 to 3: 1, red Red; 2, green Green, current; 3, blue Blue."
            ])
        var moved = menu
        moved.current = 2
        #expect(narrator.waiting(hidden: false, menu: moved, at: .seconds(2)).isEmpty)
    }
}
