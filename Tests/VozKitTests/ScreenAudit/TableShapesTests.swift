import Testing

@testable import VozScreenAudit

/// The shapes of tables drawn without boxes: a compiler's numbered gutter, and spaced columns under one rule.
@Suite struct TableShapesTests {
    @Test(
        arguments: [
            ("    4 |     printf(\"%d\\n\", x)", 6), ("      |     ^", 6), ("  --> src/main.rs:2:5", nil),
            ("|-- Sources", nil), ("| a | b |", nil), ("    |", nil), ("x | y", nil),
        ] as [(String, Int?)])
    func aGutterBarStandsAfterANumberOrBlanks(text: String, column: Int?) {
        #expect(TableAsArtRule.gutterBar(text) == column)
    }

    @Test(
        arguments: [
            ("  Selection    Path                Priority   Status", 4), ("* 0            /usr/bin/vim.basic   30", 3),
            ("There are 3 choices for the alternative editor.", 1), ("", 0),
        ] as [(String, Int)])
    func spacedColumnsAreCounted(text: String, cells: Int) {
        #expect(TableAsArtRule.spacedCells(text) == cells)
    }

    @Test(
        arguments: [
            ("------------------------------------------------------------", true), ("============", true),
            ("-----", false), ("----- -----", false), ("-=-=-=-=-=-=-=", false),
        ] as [(String, Bool)])
    func oneLongRunRulesOffAHeader(text: String, underline: Bool) {
        #expect(TableAsArtRule.isUnderline(text) == underline)
    }
}
