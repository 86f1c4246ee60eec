import Testing
import VozLocalization

@testable import VozWrap

/// The narrator when the person answers the program: the line where the cursor waits is a question, said once as a
/// label when the program waits; a hidden one says so; the echo of an answer is not said again.
@Suite struct NarratorQuestionTests {
    static func narrator() -> Narrator {
        var settings = Narrator.Settings()
        settings.asksQuestions = true
        return Narrator(
            program: "python3", rows: 5, columns: 80, settings: settings, localizer: Localizer(language: .en))
    }

    static func frame(_ rows: [Int: String], cursor: Int) -> ScreenFrame {
        ScreenFrame(rows: rows.keys.sorted().map { ScreenFrame.Row($0, rows[$0] ?? "") }, cursorRow: cursor)
    }

    @Test func aQuestionIsSaidOnceAsALabelAndItsAnswersEchoIsNot() {
        var narrator = Self.narrator()
        var said: [String] = []
        said += narrator.observe(Self.frame([0: "Hello there", 1: "Your name? "], cursor: 1), at: .zero).map(\.text)
        // Not as a line after the line wait: where the cursor waits, it is a question.
        said += narrator.tick(at: .seconds(2)).map(\.text)
        #expect(said == ["Hello there"])
        let question = narrator.waiting(hidden: false, at: .seconds(2))
        #expect(question.map(\.text) == ["python3 asks: Your name?"])
        #expect(question.map(\.kind) == [.question])
        #expect(narrator.waiting(hidden: false, at: .seconds(3)).isEmpty, "once")
        narrator.typed(["Ann"])
        let after = narrator.observe(Self.frame([1: "Your name? Ann", 2: "Hello, Ann."], cursor: 3), at: .seconds(4))
        #expect(after.map(\.text) == ["Hello, Ann."])
    }

    @Test(arguments: [
        ("Password: ", "python3 asks for a hidden answer: Password: What you type is not shown."),
        ("", "python3 asks for a hidden answer. What you type is not shown."),
    ])
    func aHiddenQuestionSaysSo(row: String, expected: String) {
        var narrator = Self.narrator()
        _ = narrator.observe(Self.frame([0: "Ready.", 1: row], cursor: 1), at: .zero)
        let question = narrator.waiting(hidden: true, at: .seconds(1))
        #expect(question.map(\.text) == [expected])
        #expect(question.map(\.kind) == [.hiddenQuestion])
    }

    @Test func noHeartbeatWhileThePersonIsAsked() {
        var narrator = Self.narrator()
        _ = narrator.observe(Self.frame([0: "Continue? "], cursor: 0), at: .zero)
        _ = narrator.waiting(hidden: false, at: .seconds(1))
        #expect(narrator.tick(at: .seconds(120)).isEmpty)
        #expect(narrator.nextDeadline > .seconds(3600))
    }

    @Test func theScreenIsReadRowByRow() {
        let narrator = Self.narrator()
        #expect(
            narrator.reading(["  1 Red", "", "\u{2502} 2 Green \u{2502}", ""]).map(\.text) == ["1 Red", "2 Green"])
        #expect(narrator.reading(["", ""]).map(\.text) == ["The screen is empty."])
    }
}

extension NarratorQuestionTests {
    /// Quiet but not reading (working): the unfinished line is a line, said once, and not asked later.
    @Test func anUnfinishedLineWhileTheProgramWorksIsALine() {
        var narrator = Self.narrator()
        _ = narrator.observe(Self.frame([0: "Downloading... "], cursor: 0), at: .zero)
        #expect(narrator.notWaiting(at: .seconds(1)).map(\.text) == ["Downloading..."])
        #expect(narrator.notWaiting(at: .seconds(2)).isEmpty)
        #expect(narrator.waiting(hidden: false, at: .seconds(3)).isEmpty)
    }
}
