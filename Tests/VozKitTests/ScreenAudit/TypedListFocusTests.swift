import Testing

@testable import VozAudit
@testable import VozScreenAudit
@testable import VozTerminal

/// A list answered only by typing is output to read: the cursor belongs at the question. A list moved along with
/// arrow keys must keep the cursor on its current item.
@Suite struct TypedListFocusTests {
    static let list = "Pick a colour:\r\n> Red\r\n  Green\r\n  Blue\r\n\r\nType a number: "

    @Test(arguments: [("2", 0), ("\u{1B}[B", 1)])
    func theCursorFollowsOnlyAListMovedWithKeys(input: String, findings: Int) {
        let timeline = CastReplayTests.replay([("o", Self.list), ("i", input), ("o", "2"), ("i", "\r")])
        #expect(FocusNotAtCursorRule().check(timeline).violations.count == findings)
    }
}
