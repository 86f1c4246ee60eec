import Foundation
import Testing

@testable import VozAnnouncer
@testable import VozAudit
@testable import VozKit
@testable import VozTranscript

/// Transcript lines as Voz writes and reads them, through VozJSON.
@Suite struct TranscriptEventJSONTests {
    @Test func linesAreWrittenWithSortedKeysAndWithoutAbsentValues() {
        let event = TranscriptEvent(
            time: 12, kind: .announcement, priority: .assertive, text: "Dijo \"hola\"\n\u{1B}", wav: "/tmp/a.wav")
        #expect(
            JSONWriter().text(event.json)
                == #"{"kind":"announcement","priority":"assertive","text":"Dijo \"hola\"\n\u001b","time":12,"wav":"/tmp/a.wav"}"#
        )
    }

    @Test(arguments: [
        TranscriptEvent(time: 0, kind: .state, text: "crear-cuenta", state: .idle),
        TranscriptEvent(time: 7, kind: .prompt, priority: .polite, text: "Campo 1 😀", focus: "nombre"),
        TranscriptEvent(time: 8, kind: .input, text: "hidden", focus: "password", detail: "hidden"),
        TranscriptEvent(time: Int.max, kind: .focus),
    ])
    func everyEventReadsBackAsItWasWritten(event: TranscriptEvent) throws {
        let line = JSONWriter().text(event.json)
        #expect(TranscriptEvent(json: try JSONParser().parse(line.utf8)) == event)
    }

    @Test(arguments: [
        #"{"time":9223372036854775808,"kind":"focus"}"#, #"{"time":-9223372036854775809,"kind":"focus"}"#,
        #"{"time":1e999,"kind":"focus"}"#, #"{"time":1.5,"kind":"focus"}"#, #"{"time":1e-999,"kind":"focus"}"#,
        #"{"time":1,"kind":"focus","kind":"prompt"}"#, #"{"time":1,"kind":"focus","text":["a"]}"#,
    ])
    func numbersBeyondAnIntAndOtherOddLinesAreBadLinesNotCrashes(line: String) {
        #expect(throws: TranscriptError.badLine(path: "t.jsonl", line: 2)) {
            try Transcript.parse(#"{"time":0,"kind":"focus"}"# + "\n" + line, path: "t.jsonl")
        }
    }

    @Test func wholeNumbersWrittenOtherwiseAreStillTimes() throws {
        let transcript = try Transcript.parse(
            #"{"time":1.0,"kind":"focus"}"# + "\n" + #"{"time":2e3,"kind":"focus"}"#, path: "t")
        #expect(transcript.events.map(\.time) == [1, 2000])
    }
}
