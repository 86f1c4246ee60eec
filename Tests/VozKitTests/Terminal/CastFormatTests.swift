import Foundation
import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozTerminal

/// asciicast v1, v2 and v3 as asciinema 1, 2 and 3 write them, read into one recording: times since the start,
/// each event on its own line of the file (issue 26, section 3).
@Suite("Asciicast versions")
struct CastFormatTests {
    /// One file and what reading it must give.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var version: Int
        var size: [Int]
        var term: String?
        var codes: [String]
        /// Microseconds since the start, one an event.
        var times: [Int]
        var lines: [Int]
        var testDescription: String { name }
    }

    // MARK: - Fixtures

    /// asciinema 3's writer: a compact header with the size and type in `term`, intervals with trailing zeros
    /// dropped, input, resize and exit events.
    static let asciinema3 = """
        {"version":3,"term":{"cols":90,"rows":30,"type":"xterm-256color"},"timestamp":1764640000,"command":"python3 ask.py","env":{"SHELL":"/bin/bash"}}
        [0.312, "o", "Your name: "]
        [1.5, "i", "Ana\\r"]
        [0.002, "o", "Ana\\r\\n"]
        [0.75, "r", "100x40"]
        [0.1, "o", "Hello, Ana.\\r\\n"]
        [0.05, "x", "0"]

        """

    /// v3 as its specification shows it: spaced JSON, comment lines, a marker, TERM and NO_COLOR in `env`.
    static let specification3 = """
        {"version": 3, "term": {"cols": 80, "rows": 24}, "env": {"TERM": "xterm-256color", "NO_COLOR": "1"}}
        # recorded for the test
        [0.5, "o", "\\u001b[31mred\\u001b[0m\\r\\n"]
        [2.0, "m", "chapter"]
        # window resized
        [0.25, "r", "40x12"]
        [1.0, "x", "3"]

        """

    /// asciinema 1's writer (Python's json.dumps with indent=2): one object, every frame's delay and data on lines
    /// of their own, small delays in exponent form.
    static let asciinema1 = """
        {
          "version": 1,
          "width": 80,
          "height": 24,
          "duration": 1.75001,
          "command": "/bin/bash",
          "title": null,
          "env": {
            "TERM": "xterm-256color",
            "SHELL": "/bin/bash"
          },
          "stdout": [
            [
              0.25,
              "$ "
            ],
            [
              1.5,
              "ls\\r\\n"
            ],
            [
              1e-05,
              "a.txt\\r\\n"
            ]
          ]
        }

        """

    /// Older asciinema 1 files: the short frames on one line each.
    static let asciinema1Compact = """
        {
          "version": 1,
          "width": 40,
          "height": 10,
          "duration": 0.5,
          "env": {"TERM": "screen", "SHELL": "/bin/sh"},
          "stdout": [
            [0.013659, "$ "],
            [0.486341, "exit\\r\\n"]
          ]
        }
        """

    static let asciinema2 = """
        {"version": 2, "width": 100, "height": 30, "timestamp": 1700000000, "env": {"SHELL": "/bin/bash", "TERM": "xterm-256color"}}
        [0.248848, "o", "$ "]

        [1.2, "r", "90x30"]
        [2.5, "o", "hi\\r\\n"]

        """

    static let cases: [Case] = [
        Case(
            name: "asciinema 3", text: asciinema3, version: 3, size: [90, 30], term: "xterm-256color",
            codes: ["o", "i", "o", "r", "o", "x"],
            times: [312_000, 1_812_000, 1_814_000, 2_564_000, 2_664_000, 2_714_000],
            lines: [2, 3, 4, 5, 6, 7]),
        Case(
            name: "v3 with comments", text: specification3, version: 3, size: [80, 24], term: "xterm-256color",
            codes: ["o", "m", "r", "x"], times: [500_000, 2_500_000, 2_750_000, 3_750_000], lines: [3, 4, 6, 7]),
        Case(
            name: "asciinema 1", text: asciinema1, version: 1, size: [80, 24], term: "xterm-256color",
            codes: ["o", "o", "o"], times: [250_000, 1_750_000, 1_750_010], lines: [13, 17, 21]),
        Case(
            name: "asciinema 1, compact frames", text: asciinema1Compact, version: 1, size: [40, 10], term: "screen",
            codes: ["o", "o"], times: [13_659, 500_000], lines: [8, 9]),
        Case(
            name: "asciinema 2", text: asciinema2, version: 2, size: [100, 30], term: "xterm-256color",
            codes: ["o", "r", "o"], times: [248_848, 1_200_000, 2_500_000], lines: [2, 4, 5]),
    ]

    // MARK: - Reading

    @Test(arguments: cases)
    func readsEachVersion(_ test: Case) throws {
        let recording = try CastRecording.parse(Data(test.text.utf8), path: "x.cast")
        #expect(recording.version == test.version)
        #expect([recording.width, recording.height] == test.size)
        #expect(recording.environment["TERM"] == test.term)
        #expect(recording.events.map(\.code) == test.codes)
        #expect(recording.events.map(\.microseconds) == test.times)
        #expect(recording.events.map(\.line) == test.lines)
    }

    @Test(arguments: [
        ("", "x.cast does not start"),
        ("{\"version\": 1, \"width\": 80, \"height\": 24}\n", "does not start"),
        ("{\n  \"version\": 1,\n  \"width\": 80\n}\n", "does not start"),
        ("{\"version\": 4, \"term\": {\"cols\": 80, \"rows\": 24}}\n", "does not start"),
        ("{\"version\": 3, \"width\": 80, \"height\": 24}\n", "does not start"),
        ("# a comment first\n{\"version\": 3, \"term\": {\"cols\": 80, \"rows\": 24}}\n", "does not start"),
        ("{\"version\": 3, \"term\": {\"cols\": 80, \"rows\": 24}}\n# note\n[1, \"o\"]\n", "Line 3 of"),
        ("{\"version\": 3, \"term\": {\"cols\": 80, \"rows\": 24}}\n[-1, \"o\", \"x\"]\n", "Line 2 of"),
        (
            "{\"version\": 3, \"term\": {\"cols\": 80, \"rows\": 24}}\n[9e8, \"o\", \"x\"]\n[9e8, \"o\", \"y\"]\n",
            "Line 3 of"
        ),
        (
            "{\n  \"version\": 1,\n  \"width\": 80,\n  \"height\": 24,\n  \"stdout\": [\n    [1, 2]\n  ]\n}\n",
            "Line 6 of"
        ),
    ])
    func refusesWhatIsNoneOfThem(_ text: String, _ phrase: String) {
        #expect {
            _ = try CastRecording.parse(Data(text.utf8), path: "x.cast")
        } throws: { error in
            (error as? RecordingError)?.description.contains(phrase) == true
        }
    }

    /// The refusal names the versions read and no advice that would give a file Voz refuses.
    @Test(arguments: Language.allCases)
    func theRefusalNamesTheVersionsRead(_ language: Language) {
        let text = RecordingError.badHeader(path: "x.cast").message(Localizer(language: language))
        #expect(text.contains("1, 2"))
        #expect(text.contains("3"))
        #expect(text.contains("x.cast"))
    }

    // MARK: - Writing

    @Test(arguments: CastRecording.Format.allCases)
    func writesWhatItReads(_ format: CastRecording.Format) throws {
        var recording = try CastRecording.parse(Data(Self.asciinema3.utf8), path: "x.cast")
        recording.inputEcho = [true]
        recording.version = format == .v3 ? 3 : 2
        let text = recording.text(format)
        #expect(try CastRecording.parse(Data(text.utf8), path: "x.cast") == recording)
        let header = try #require(
            JSONSerialization.jsonObject(with: Data(text.prefix { $0 != "\n" }.utf8)) as? [String: Any])
        #expect(header["version"] as? Int == recording.version)
        if format == .v3 {
            #expect((header["term"] as? [String: Any])?["type"] as? String == "xterm-256color")
            #expect(text.contains("\n[1.500000, \"i\", \"Ana\\r\"]\n"))
        } else {
            #expect(header["width"] as? Int == 90)
            #expect(text.contains("\n[1.812000, \"i\", \"Ana\\r\"]\n"))
        }
    }
}
