import Testing

@testable import VozScreenAudit
@testable import VozTerminal

/// An Enter alone answers a question (the default taken): when a typed answer was refused and the same list and
/// question came back in silence, the Enter after it is the answer to the question asked again.
@Suite struct BareEnterAnswerTests {
    static let list = "  Selection    Path\r\n------------------------\r\n* 0   /usr/bin/vim\r\n  1   /bin/ed\r\n"
    static let question = "Press <enter> to keep the current choice[*], or type selection number: "

    @Test func aQuestionAskedAgainInSilenceBeforeAnEnterIsAnUnsaidError() {
        let timeline = CastReplayTests.replay([
            ("o", Self.list + Self.question), ("i", "7"), ("o", "7"), ("i", "\r"),
            ("o", "\r\n" + Self.list + Self.question), ("i", "\r"), ("o", "\r\n"),
        ])
        #expect(ErrorNotIdentifiedRule.silentRepeats(timeline).count == 1)
    }

    @Test func aQuestionAskedAgainAfterAnErrorIsSaid() {
        let timeline = CastReplayTests.replay([
            ("o", Self.list + Self.question), ("i", "7"), ("o", "7"), ("i", "\r"),
            ("o", "\r\nThere is no selection 7.\r\n" + Self.question), ("i", "\r"), ("o", "\r\n"),
        ])
        #expect(ErrorNotIdentifiedRule.silentRepeats(timeline).isEmpty)
    }
}
