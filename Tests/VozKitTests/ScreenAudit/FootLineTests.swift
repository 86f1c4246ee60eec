import Testing

@testable import VozScreenAudit
@testable import VozTerminal

/// A lit row at the foot of the screen with nothing under it is a pager's status line, not a list's selection.
@Suite struct FootLineTests {
    static let page = ["NAME", "     ls - list directory contents", "SYNOPSIS", "     ls [OPTION]... [FILE]..."]

    @Test(
        arguments: [
            (page + ["--More--(4%)"], 4, true), (page + ["-- MOST: long.txt (1,1) 0%", ""], 4, true),
            (page + ["--More--(4%)", "last words"], 4, false), (page + ["--More--(4%)"], 2, false),
        ] as [([String], Int, Bool)])
    func aLitRowAtTheFootIsAStatusLine(rows: [String], row: Int, foot: Bool) {
        let screen = rows.map { ScreenRow(text: $0) }
        #expect(StateByAttributeRule.isFootLine(row, of: screen) == foot)
    }
}
