import Testing

@testable import VozAudit
@testable import VozKit
@testable import VozScreenAudit
@testable import VozTerminal

/// A row of keys and what they do is the program's layout and its instructions, in nano's and in words' spelling.
@Suite struct KeyLegendTests {
    @Test(arguments: [
        "^G Get Help  ^O Write Out  ^X Exit",
        " Enter: add the item   Ctrl-D: finish ",
        "Esc: cancel  Tab: next field",
        "F1: help  F10: quit",
        "Alt+X: leave  Shift-Tab: back",
    ])
    func aLegendIsALegend(_ row: String) {
        #expect(ScreenText.hasKeyLegend([ScreenRow(text: row)]))
    }

    @Test(arguments: [
        "Added milk. The list has 1 item.",
        "Error: enter a number, such as 42.",
        "Time: 12:30  Date: today",
        "Enter: your name",
        "Copying 3 files to /tmp",
    ])
    func aSentenceIsNot(_ row: String) {
        #expect(!ScreenText.hasKeyLegend([ScreenRow(text: row)]))
    }
}
