import Testing
import VozAccessibility
import VozLocalization

@testable import VozWrap

/// The narrator's rules, a table of frames and times each: what a person hears of a program's screen.
@Suite struct NarratorTests {
    /// One thing that happens to the narrator: a frame, a tick, or the end, at a time in seconds.
    enum Step {
        case frame(Double, ScreenFrame)
        case tick(Double)
        case end(Double, ProgramEnd)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var steps: [Step]
        var said: [String]
        var rows = 5
        var columns = 80
        var testDescription: String { name }
    }

    /// A frame with rows `rows` changed and the cursor on `cursor`.
    static func rows(_ rows: [Int: String], cursor: Int, scrolls: [ScreenFrame.Scroll] = [], full: [Bool] = [])
        -> ScreenFrame
    {
        ScreenFrame(
            scrolls: scrolls, rows: rows.keys.sorted().map { ScreenFrame.Row($0, rows[$0] ?? "") }, cursorRow: cursor,
            fullScreen: full)
    }

    /// The whole screen of three rows scrolled up by one.
    static let scrolled = ScreenFrame.Scroll.moved(top: 0, bottom: 3, downward: 1)

    static let cases: [Case] = [
        Case(
            name: "lines are said once, when the cursor leaves them",
            steps: [
                .frame(0, rows([0: "hello"], cursor: 1)), .frame(0.1, rows([1: "world"], cursor: 2)),
                .tick(5), .end(6, .finished),
            ],
            said: ["hello", "world", "prog finished."]),
        Case(
            name: "a line written in two parts is said whole",
            steps: [.frame(0, rows([0: "Buil"], cursor: 0)), .frame(0.2, rows([0: "Building done"], cursor: 1))],
            said: ["Building done"]),
        Case(
            name: "a prompt the cursor stays on is said after a second",
            steps: [.frame(0, rows([0: "Continue? [Y/n]"], cursor: 0)), .tick(0.5), .tick(1.0), .tick(3)],
            said: ["Continue? [Y/n]"]),
        Case(
            name: "progress: its first state, one update in ten seconds, its last state once it settles",
            steps: [.frame(0, rows([0: "0%"], cursor: 0))]
                + (1...99).map { .frame(Double($0) * 0.2, rows([0: "\($0)%"], cursor: 0)) }
                + [.frame(20, rows([0: "100%", 1: "Done."], cursor: 2))],
            said: ["1%", "51%", "100%", "Done."]),
        Case(
            name: "a spinner is silent and its words are said once",
            steps: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏", "⠋", "⠙"].enumerated().map {
                .frame(Double($0.offset) * 0.1, rows([0: "\($0.element) Working"], cursor: 0))
            } + [.tick(3), .frame(3.1, rows([0: ""], cursor: 0)), .frame(3.2, rows([0: "Done."], cursor: 1))],
            said: ["Working", "Done."]),
        Case(
            name: "a row erased and drawn again in the next read is a rewrite, not a new line each time",
            steps: (0..<20).flatMap { frame -> [Step] in
                [
                    .frame(Double(frame) * 0.2, rows([0: "Processing \(frame * 5)%"], cursor: 0)),
                    .frame(Double(frame) * 0.2 + 0.1, rows([0: ""], cursor: 0)),
                ]
            } + [.frame(4, rows([0: "Processing 100%"], cursor: 0)), .frame(4.1, rows([1: "Done"], cursor: 2))],
            said: ["Processing 5%", "Processing 100%", "Done"]),
        Case(
            name: "a row erased and left blank says its last state once it stays blank",
            steps: [
                .frame(0, rows([0: "Working 1"], cursor: 0)), .frame(0.1, rows([0: "Working 2"], cursor: 0)),
                .frame(0.2, rows([0: "Working 3"], cursor: 0)), .frame(0.3, rows([0: ""], cursor: 0)), .tick(1.3),
            ],
            said: ["Working 2", "Working 3"]),
        Case(
            name: "another message written where a spinner was erased is a new line, said at once",
            steps: [
                .frame(0, rows([0: "⠋ Fetching the index"], cursor: 0)),
                .frame(0.1, rows([0: "⠙ Fetching the index"], cursor: 0)), .frame(0.2, rows([0: ""], cursor: 0)),
                .frame(0.3, rows([0: "Index ready.", 1: "Processing 0%"], cursor: 1)),
                .frame(0.4, rows([1: "Processing 5%"], cursor: 1)),
            ],
            said: ["Fetching the index", "Index ready.", "Processing 5%"]),
        Case(
            name: "another message written over a spinner in one read is said at once",
            steps: [
                .frame(0, rows([0: "⠋ Fetching the index"], cursor: 0)),
                .frame(0.1, rows([0: "⠙ Fetching the index"], cursor: 0)),
                .frame(0.3, rows([0: "Index ready.", 1: "Processing 0%"], cursor: 1)),
                .frame(0.4, rows([1: "Processing 5%"], cursor: 1)),
            ],
            said: ["Fetching the index", "Index ready.", "Processing 5%"]),
        Case(
            name: "apt's errors are errors",
            steps: [.frame(0, rows([0: "E: Unable to locate package foo"], cursor: 1)), .end(1, .failed(code: 100))],
            said: [
                "E: Unable to locate package foo",
                "prog failed and exited with 100. Last error: E: Unable to locate package foo",
            ]),
        Case(
            name: "a classic ASCII spinner is silent too",
            steps: ["|", "/", "-", "\\", "|", "/"].enumerated().map {
                .frame(Double($0.offset) * 0.1, rows([0: "\($0.element) Loading"], cursor: 0))
            },
            said: ["Loading"]),
        Case(
            name: "a tqdm bar is said without its blocks and frames",
            steps: [
                .frame(0, rows([0: "  0%|          | 0/100 [00:00<?, ?it/s]"], cursor: 0)),
                .frame(0.1, rows([0: " 45%|████▌     | 45/100 [00:00<00:01, 98.2it/s]"], cursor: 0)),
            ],
            said: ["45% 45/100 [00:00<00:01, 98.2it/s]"]),
        Case(
            name: "a line that scrolled off unseen is said; one already said is not said again",
            steps: [
                .frame(0, rows([0: "first"], cursor: 1)),
                .frame(0.1, rows([0: "second", 1: "third"], cursor: 2, scrolls: [.pushed("first"), scrolled])),
                .frame(
                    0.2,
                    rows(
                        [0: "fifth", 1: "sixth"], cursor: 2,
                        scrolls: [.pushed("second"), scrolled, .pushed("third"), scrolled, .pushed("fourth"), scrolled])
                ),
            ],
            said: ["first", "second", "third", "fourth", "fifth", "sixth"], rows: 3),
        Case(
            name: "a progress row scrolled off is said in its last state",
            steps: [
                .frame(0, rows([0: "10%"], cursor: 0)), .frame(0.1, rows([0: "20%"], cursor: 0)),
                .frame(0.2, rows([0: "", 1: "next"], cursor: 2, scrolls: [.pushed("90%"), scrolled])),
            ],
            said: ["20%", "90%", "next"], rows: 3),
        Case(
            name: "the alternate screen is said plainly, and what it draws is not read",
            steps: [
                .frame(0, rows([0: "$ htop"], cursor: 1)),
                .frame(0.1, rows([0: "CPU 12%", 1: "Mem 40%"], cursor: 4, full: [true])),
                .frame(0.5, rows([0: "CPU 13%"], cursor: 4)),
                .frame(1, rows([0: "$ htop", 1: ""], cursor: 1, full: [false])), .end(1.1, .finished),
            ],
            said: [
                "$ htop", "prog draws a full screen, which cannot be read as lines.", "prog left the full screen.",
                "prog finished.",
            ]),
        Case(
            name: "a failure ends with the last error",
            steps: [
                .frame(
                    0,
                    rows(
                        [0: "cc -c main.c", 1: "main.c:3: error: expected ';'", 2: "make: *** [all] Error 1"], cursor: 3
                    )),
                .end(0.5, .failed(code: 2)),
            ],
            said: [
                "cc -c main.c", "main.c:3: error: expected ';'", "make: [all] Error 1",
                "prog failed and exited with 2. Last error: make: [all] Error 1",
            ]),
        Case(
            name: "Ctrl-C and signals have their own end lines",
            steps: [.end(0, .interrupted)], said: ["prog was interrupted."]),
        Case(name: "a signal", steps: [.end(0, .signalled(9))], said: ["prog was stopped by signal 9."]),
        Case(
            name: "rules of glyphs are dropped",
            steps: [.frame(0, rows([0: "────────────", 1: "==========", 2: "  Title  "], cursor: 3))],
            said: ["Title"]),
        Case(
            name: "a line the terminal wrapped is said whole",
            steps: [.frame(0, rows([0: "0123456789", 1: "abc"], cursor: 2))], said: ["0123456789abc"], columns: 10),
        Case(
            name: "a line wrapped before a blank keeps its blank",
            steps: [.frame(0, rows([0: "abcdefghij", 1: " klm"], cursor: 2))], said: ["abcdefghij klm"], columns: 10),
        Case(
            name: "an unfinished last line is said at the end",
            steps: [.frame(0, rows([0: "no newline"], cursor: 0)), .end(0.2, .finished)],
            said: ["no newline", "prog finished."]),
        Case(
            name: "a stalled progress row is said again after ten seconds",
            steps: [
                .frame(0, rows([0: "0%"], cursor: 0)), .frame(0.1, rows([0: "1%"], cursor: 0)),
                .frame(5, rows([0: "5%"], cursor: 0)), .tick(10), .tick(10.1), .tick(30),
            ],
            said: ["1%", "5%"]),
        Case(
            name: "a new message written in place is said at once",
            steps: [
                .frame(0, rows([0: "⠋ Resolving dependencies"], cursor: 0)),
                .frame(0.1, rows([0: "⠙ Resolving dependencies"], cursor: 0)),
                .frame(0.2, rows([0: "⠹ Fetching packages"], cursor: 0)),
            ],
            said: ["Resolving dependencies", "Fetching packages"]),
        Case(
            name: "what is added to a line already said is said alone",
            steps: [
                .frame(0, rows([0: "Downloading..."], cursor: 0)), .tick(1.5),
                .frame(3, rows([0: "Downloading... done"], cursor: 1)),
            ],
            said: ["Downloading...", "done"]),
        Case(
            name: "a row of a multi-bar display settles when it stops changing",
            steps: [
                .frame(0, rows([0: "layer 1: 10%", 1: "layer 2: 10%"], cursor: 2)),
                .frame(0.1, rows([0: "layer 1: 20%", 1: "layer 2: 20%"], cursor: 2)),
                .frame(0.2, rows([0: "layer 1: 100%", 1: "layer 2: 30%"], cursor: 2)), .tick(1), .tick(2.3),
            ],
            said: ["layer 1: 10%", "layer 2: 10%", "layer 1: 100%", "layer 2: 30%"]),
        // Found by `voz audit --listen` on the apt recordings: apt's status row, never said, lost under its next line.
        Case(
            name: "a message written straight over one never said keeps the first",
            steps: [
                .frame(0, rows([0: "0% [Working]"], cursor: 0)),
                .frame(0.01, rows([0: "Get:1 http://deb.debian.org ed 1.19-1 [58.1 kB]"], cursor: 1)),
            ],
            said: ["0% [Working]", "Get:1 http://deb.debian.org ed 1.19-1 [58.1 kB]"]),
        Case(
            name: "a line erased before it was said is said as it was, not as the blank",
            steps: [
                .frame(0, rows([0: "Reading state information"], cursor: 0)),
                .frame(0.05, rows([0: ""], cursor: 0)), .tick(2),
            ],
            said: ["Reading state information"]),
        // aptitude's steps share their "[  0%]" first word: erased and followed by another step, each is said.
        Case(
            name: "steps that share a first word without letters are each said",
            steps: [
                .frame(0, rows([0: "[  0%] Initialisieren des Paketstatus"], cursor: 0)),
                .frame(0.07, rows([0: ""], cursor: 0)),
                .frame(0.4, rows([0: "[  0%] Erzeugen der Tag-Datenbank"], cursor: 0)), .tick(2),
            ],
            said: ["0%] Initialisieren des Paketstatus", "0%] Erzeugen der Tag-Datenbank"]),
        Case(
            name: "a line typed a key at a time is said once",
            steps: [
                .frame(0, rows([0: "p"], cursor: 0)), .frame(0.1, rows([0: "pe"], cursor: 0)),
                .frame(0.2, rows([0: "pears"], cursor: 0)), .frame(0.3, rows([0: "pears"], cursor: 1)),
            ],
            said: ["pears"]),
    ]

    @Test(arguments: cases)
    func saysWhatItMeans(_ testCase: Case) {
        var narrator = Narrator(
            program: "prog", rows: testCase.rows, columns: testCase.columns, localizer: Localizer(language: .en))
        let said = Self.play(&narrator, testCase.steps)
        #expect(said.map(\.text) == testCase.said)
    }

    static func play(_ narrator: inout Narrator, _ steps: [Step]) -> [Narration] {
        var said: [Narration] = []
        for step in steps {
            switch step {
            case .frame(let time, let frame): said += narrator.observe(frame, at: .milliseconds(Int(time * 1000)))
            case .tick(let time): said += narrator.tick(at: .milliseconds(Int(time * 1000)))
            case .end(let time, let end): said += narrator.finish(end, at: .milliseconds(Int(time * 1000)))
            }
        }
        return said
    }

    @Test func aFailureIsSaidAssertivelyAndASuccessPolitely() {
        var narrator = Narrator(program: "make", rows: 5, columns: 80, localizer: Localizer(language: .en))
        #expect(narrator.finish(.failed(code: 2), at: .zero).map(\.priority) == [.assertive])
        var other = Narrator(program: "make", rows: 5, columns: 80, localizer: Localizer(language: .en))
        #expect(other.finish(.finished, at: .zero).map(\.priority) == [.polite])
    }

    @Test func theEndLineIsInThePersonsLanguage() {
        var narrator = Narrator(program: "apt", rows: 5, columns: 80, localizer: Localizer(language: .es))
        #expect(narrator.finish(.failed(code: 100), at: .zero).map(\.text) == ["apt falló y salió con 100."])
    }

    /// With speech, a flood is printed whole but only what the voice can say in time is spoken, and one notice
    /// says how many were not, before the next line that is.
    @Test func aFloodIsPrintedWholeAndSpokenWithinTheBacklog() {
        var narrator = Narrator(
            program: "seq", rows: 200, columns: 80, settings: Narrator.Settings(wordsPerMinute: 400),
            localizer: Localizer(language: .en))
        let lines = (1...150).map { "line \($0)" }
        let frame = ScreenFrame(rows: lines.enumerated().map { ScreenFrame.Row($0.offset, $0.element) }, cursorRow: 150)
        let flood = narrator.observe(frame, at: .zero)
        #expect(flood.map(\.text) == lines)
        let spoken = flood.filter(\.isSpoken).count
        // 0.55 s a two-word line at 400 words a minute: about 8 seconds of them.
        #expect(spoken > 5 && spoken < 30, "\(spoken)")
        #expect(flood.prefix(spoken).allSatisfy { $0.isSpoken })
        let later = narrator.observe(ScreenFrame(rows: [.init(150, "after")], cursorRow: 151), at: .seconds(60))
        #expect(later.map(\.text) == ["\(150 - spoken) lines were printed but not said.", "after"])
        #expect(later.allSatisfy { $0.isSpoken })
        let end = narrator.finish(.finished, at: .seconds(61))
        #expect(end.last?.isSpoken == true)
    }

    /// The deadline the reading loop waits for is the one `tick` acts on.
    @Test func theNextDeadlineIsWhenTickHasSomethingToSay() {
        var narrator = Narrator(program: "p", rows: 5, columns: 80, localizer: Localizer(language: .en))
        #expect(narrator.nextDeadline == .seconds(30), "the heartbeat")
        _ = narrator.observe(ScreenFrame(rows: [.init(0, "Password:")], cursorRow: 0), at: .milliseconds(100))
        #expect(narrator.nextDeadline == .milliseconds(1100))
        #expect(narrator.tick(at: .milliseconds(1099)).isEmpty)
        #expect(narrator.tick(at: .milliseconds(1100)).map(\.text) == ["Password:"])
        #expect(narrator.nextDeadline == .milliseconds(31100))
        _ = narrator.observe(ScreenFrame(rows: [.init(1, "1%")], cursorRow: 1), at: .seconds(2))
        _ = narrator.observe(ScreenFrame(rows: [.init(1, "2%")], cursorRow: 1), at: .seconds(3))
        _ = narrator.observe(ScreenFrame(rows: [.init(1, "3%")], cursorRow: 1), at: .seconds(4))
        #expect(narrator.nextDeadline == .seconds(13))
        #expect(narrator.tick(at: .seconds(13)).map(\.text) == ["3%"])
    }

    /// Over a full screen no heartbeat is due, so the reading loop never wakes for a deadline already passed.
    @Test func aFullScreenHasNoDeadlineLeftBehind() {
        var narrator = Narrator(program: "htop", rows: 5, columns: 80, localizer: Localizer(language: .en))
        _ = narrator.observe(
            ScreenFrame(rows: [.init(0, "CPU 10%")], cursorRow: 0, fullScreen: [true]), at: .seconds(1))
        #expect(narrator.tick(at: .seconds(100)).isEmpty)
        #expect(narrator.nextDeadline > .seconds(100))
        _ = narrator.observe(ScreenFrame(cursorRow: 0, fullScreen: [false]), at: .seconds(101))
        #expect(narrator.nextDeadline == .seconds(131))
    }

    /// A long quiet wait: once 30 seconds pass with nothing said, the narrator says the program is still running,
    /// and again 30 seconds after that; not while a full screen is up.
    @Test func aLongQuietWaitHasAHeartbeat() {
        var narrator = Narrator(program: "sleep", rows: 5, columns: 80, localizer: Localizer(language: .en))
        #expect(narrator.tick(at: .seconds(29)).isEmpty)
        #expect(narrator.tick(at: .seconds(30)).map(\.text) == ["sleep is still running."])
        #expect(narrator.tick(at: .seconds(45)).isEmpty)
        #expect(narrator.nextDeadline == .seconds(60))
        _ = narrator.observe(ScreenFrame(rows: [.init(0, "awake")], cursorRow: 1), at: .seconds(50))
        #expect(narrator.tick(at: .seconds(60)).isEmpty)
        #expect(narrator.tick(at: .seconds(80)).map(\.text) == ["sleep is still running."])
        var longer = Narrator(
            program: "p", rows: 5, columns: 80, settings: Narrator.Settings(progressEvery: .seconds(20)),
            localizer: Localizer(language: .en))
        #expect(longer.tick(at: .seconds(59)).isEmpty)
        #expect(longer.tick(at: .seconds(60)).count == 1)
        _ = narrator.observe(ScreenFrame(cursorRow: 0, fullScreen: [true]), at: .seconds(81))
        #expect(narrator.tick(at: .seconds(200)).isEmpty)
    }

    /// A resize redraws the screen for the new width: what it shows then is not said again.
    @Test func aResizedScreenIsNotSaidAgain() {
        var narrator = Narrator(program: "p", rows: 3, columns: 80, localizer: Localizer(language: .en))
        #expect(narrator.observe(ScreenFrame(rows: [.init(0, "one")], cursorRow: 1), at: .zero).map(\.text) == ["one"])
        #expect(narrator.resized(to: ["one", "$", ""], columns: 40, at: .seconds(1)).isEmpty)
        #expect(
            narrator.observe(ScreenFrame(rows: [.init(2, "two")], cursorRow: 3), at: .seconds(2)).map(\.text) == ["two"]
        )
    }
}
