import Foundation
import Testing

@testable import VozKit
@testable import VozTerminal

@Suite("Asciicast files and key scripts")
struct CastRecordingTests {
    /// A recording as asciinema 2.x writes it: title, idle limit and env in the header, a resize event.
    static let asciinema = """
        {"version": 2, "width": 100, "height": 30, "timestamp": 1700000000, "idle_time_limit": 2.0, "title": "demo", "env": {"SHELL": "/bin/bash", "TERM": "xterm-256color"}}
        [0.248848, "o", "\\u001b[?2004h$ "]
        [1.001376, "o", "e"]
        [1.2, "r", "90x30"]
        [2.5, "o", "cho hi\\r\\nhi\\r\\n"]

        """

    @Test func readsAnAsciinemaRecording() throws {
        let recording = try CastRecording.parse(Data(Self.asciinema.utf8), path: "demo.cast")
        #expect(recording.width == 100 && recording.height == 30)
        #expect(recording.timestamp == 1_700_000_000)
        #expect(recording.environment["TERM"] == "xterm-256color")
        #expect(recording.inputEcho.isEmpty)
        #expect(recording.events.map(\.code) == ["o", "o", "r", "o"])
        #expect(recording.events[0].data == "\u{1B}[?2004h$ ")
        #expect(recording.events[3].line == 5)
        let timeline = ScreenReplay.replay(recording)
        #expect(timeline.finalScreen[1].text == "hi")
    }

    @Test func writesWhatItReads() throws {
        var recording = CastRecording(
            path: "x.cast", width: 80, height: 24, timestamp: 1, environment: ["TERM": "xterm-256color"],
            inputEcho: [true, false])
        recording.events = [
            .init(time: 0.000123, code: "o", data: "Contraseña: \u{1B}[1m\"quoted\"\\\u{7}\u{0}\r\n", line: 2),
            .init(time: 1.5, code: "i", data: "sécret", line: 3),
            .init(time: 2, code: "i", data: "\r", line: 4),
        ]
        let text = recording.text()
        #expect(text.hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"))
        #expect(text.contains("\"voz_input_echo\": [true, false]"))
        let again = try CastRecording.parse(Data(text.utf8), path: "x.cast")
        #expect(again == recording)
        // Another JSON reader than Voz's own accepts every line.
        for line in text.split(separator: "\n") {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
        }
    }

    @Test(arguments: [
        ("", "does not start with an asciicast version 2 header"),
        ("{\"version\": 1, \"width\": 80, \"height\": 24}\n", "does not start with an asciicast version 2 header"),
        ("{\"version\": 2, \"width\": 80, \"height\": 24}\n[1, \"o\"]\n", "Line 2 of the recording"),
        ("{\"version\": 2, \"width\": 80, \"height\": 24}\nnot json\n", "Line 2 of the recording"),
    ])
    func refusesBrokenFilesWithASentence(_ text: String, _ phrase: String) {
        #expect {
            _ = try CastRecording.parse(Data(text.utf8), path: "bad.cast")
        } throws: { error in
            (error as? RecordingError)?.description.contains(phrase) == true
                && (error as? RecordingError)?.description.contains("bad.cast") == true
        }
    }

    @Test func parsesAKeyScript() throws {
        let script = try KeyScript.parse(
            "# a comment\nexpect Name:\ntype Ana Pérez\nkey enter\n\nsleep 250\nkey down\nwait-exit\n")
        #expect(
            script.steps.map(\.step) == [
                .expect("Name:"), .type("Ana Pérez"), .key("enter"), .sleep(milliseconds: 250), .key("down"), .waitExit,
            ])
        #expect(script.steps.map(\.line) == [2, 3, 4, 6, 7, 8])
    }

    @Test(arguments: [
        ("key f13", 1, "the key f13 is not known"),
        ("expect a\nsleep soon", 2, "sleep needs milliseconds"),
        ("expect", 1, "expect needs the text"),
        ("press enter", 1, "press is not a step"),
    ])
    func refusesABadScriptNamingTheLine(_ text: String, _ line: Int, _ phrase: String) {
        #expect {
            _ = try KeyScript.parse(text)
        } throws: { error in
            (error as? KeyScriptError)?.line == line && (error as? KeyScriptError)?.problem.contains(phrase) == true
        }
    }

    @Test func arrowsFollowTheCursorKeyMode() {
        #expect(KeyScript.bytes(forKey: "up", applicationCursor: false) == "\u{1B}[A")
        #expect(KeyScript.bytes(forKey: "up", applicationCursor: true) == "\u{1B}OA")
        #expect(InputMoment.keyName("\u{1B}OB") == "down")
    }
}
