import Testing

@testable import VozScreenAudit

/// Runs of marks that mean something are no decoration: a pointer at the code above, a column of flags. Runs
/// that frame words, or stand alone, are.
@Suite struct DecorativeMarksTests {
    @Test(
        arguments: [
            ("        ^---------^ SC2086 (info): Double quote to prevent globbing.", 9, true),
            (" 352 -----BI-A abcdefghijklm", 5, true),
            ("procs -----------memory---------- ---swap--", 11, false),
            ("=========== Main menu ===========", 11, false), ("----------------", 16, false),
        ] as [(String, Int, Bool)])
    func aRunTouchingACaretOrAFlagIsBound(text: String, length: Int, bound: Bool) {
        #expect(DecorativeGlyphRunRule.isBound(length, in: text) == bound)
    }
}
