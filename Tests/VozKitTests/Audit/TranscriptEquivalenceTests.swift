import Foundation
import Testing

@testable import VozAudit
@testable import VozKit
@testable import VozReplies
@testable import VozSpeech
@testable import VozTranscript

/// The one-pass transcript reading and scanning give exactly what the line-by-line `JSONDecoder` and the
/// per-event scans gave, on real lines, odd lines and mutated ones — except that a line with a repeated key, a
/// trailing comma, or a broken escape in a member no event has, which `JSONDecoder` lets through and RFC 8259 does
/// not, is now refused.
@Suite struct TranscriptEquivalenceTests {
    // MARK: - Parsing

    /// How `Transcript.parse` read a transcript before it had its own byte decoder.
    static func referenceParse(_ text: String) -> Result<[(TranscriptEvent, Int)], TranscriptError> {
        let decoder = JSONDecoder()
        var read: [(TranscriptEvent, Int)] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            guard let event = try? decoder.decode(TranscriptEvent.self, from: Data(line.utf8)) else {
                return .failure(.badLine(path: "t.jsonl", line: offset + 1))
            }
            read.append((event, offset + 1))
        }
        return .success(read)
    }

    static func expectSameParse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = referenceParse(text)
        do {
            let transcript = try Transcript.parse(text, path: "t.jsonl")
            guard case .success(let read) = expected else {
                Issue.record(
                    "parsed what JSONDecoder refused: \(text.debugDescription)", sourceLocation: sourceLocation)
                return
            }
            #expect(transcript.events == read.map(\.0), "\(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(transcript.eventLines == read.map(\.1), "\(text.debugDescription)", sourceLocation: sourceLocation)
        } catch {
            if case .success = expected, case .badLine(_, let number) = error {
                let line = text.split(separator: "\n", omittingEmptySubsequences: false)[number - 1]
                #expect(
                    isDeliberatelyRefused(String(line)), "\(text.debugDescription)", sourceLocation: sourceLocation)
                return
            }
            #expect(expected.failureValue == error, "\(text.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    /// Whether the strict parser refuses `line` for a repeated key, a trailing comma or a broken escape: what it
    /// refuses on purpose that `JSONDecoder` accepts (it does not check the strings of members it ignores).
    static func isDeliberatelyRefused(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            _ = try JSONParser().parse(trimmed.utf8)
            return false
        } catch {
            switch error {
            case .duplicateKey: return true
            case .syntax(_, _, let problem):
                return problem == "expected a key in double quotes, found \"}\""
                    || problem == "expected a value, found \"]\"" || problem.hasSuffix("is not a JSON escape")
                    || problem.hasSuffix("without its other half") || problem.hasPrefix("a \\u escape")
            default: return false
            }
        }
    }

    static let lines = [
        #"{"focus":"name","kind":"state","state":"idle","time":0}"#,
        #"{"focus":"email","kind":"prompt","priority":"polite","state":"idle","text":"Campo 2 de 6. Correo electrónico.","time":7}"#,
        #"{"detail":"hidden","focus":"password","kind":"input","state":"idle","text":"hidden","time":8}"#,
        #"{"time":12,"kind":"announcement","priority":"assertive","text":"Cuenta creada.","wav":"\/tmp\/a.wav"}"#,
        #"{"time":3,"kind":"state","state":"failed","detail":"transient","text":"email, name"}"#,
        "  { \"time\" : 1 ,\t\"kind\" : \"focus\" , \"focus\" : null , \"text\" : null }  ",
        #"{"time":1,"kind":"announcement","text":"Dijo \"hola\" \\ y \/ \b\f\n\r\t \u00e9 \uD83D\uDE00 \u0000"}"#,
        #"{"time":1,"kind":"announcement","text":"\uDE00 sola"}"#, #"{"time":1,"kind":"announcement","text":"\uD83D"}"#,
        #"{"time":1,"kind":"announcement","text":"\q"}"#, #"{"time":1,"kind":"announcement","text":"\u12"}"#,
        #"{"time":1,"kind":"announcement","extra":"x"}"#, #"{"time":1,"kind":"announcement","time":2}"#,
        #"{"time":1.0,"kind":"focus"}"#, #"{"time":1e3,"kind":"focus"}"#, #"{"time":-0,"kind":"focus"}"#,
        #"{"time":-12,"kind":"focus"}"#, #"{"time":01,"kind":"focus"}"#, #"{"time":123456789012345678,"kind":"focus"}"#,
        #"{"time":"1","kind":"focus"}"#, #"{"time":null,"kind":"focus"}"#, #"{"kind":"focus"}"#, #"{"time":1}"#,
        #"{"time":1,"kind":"shout"}"#, #"{"time":1,"kind":"focus","priority":"urgent"}"#,
        #"{"time":1,"kind":"focus","priority":null}"#, #"{"time":1,"kind":"focus","text":5}"#,
        #"{"time":1,"kind":"focus","text":true}"#, #"{"time":1,"kind":"focus",}"#, #"{"time":1,"kind":"focus"} x"#,
        #"{"time":1,"kind":"focus"}{}"#, "{}", "[]", "null", "\u{FEFF}{\"time\":1,\"kind\":\"focus\"}",
        "\u{00A0}{\"time\":1,\"kind\":\"focus\"}\u{2028}", "{\"time\":1,\"kind\":\"focus\",\"text\":\"a\u{01}b\"}",
        "{\"time\":1,\r\n\"kind\":\"focus\"}", "\u{0B}{\"time\":1,\"kind\":\"focus\"}\u{0C}", "\t \r",
        #"{"t\u0069me":1,"kind":"focus"}"#, #"{"time":1,"kind":"f\u006fcus"}"#, #"{"time":1,"kind":"focus","wav":"ñ"}"#,
    ]

    @Test func everyOddLineReadsAsJSONDecoderReadsItButStrictly() {
        for line in Self.lines {
            Self.expectSameParse(line)
            Self.expectSameParse("\n" + line + "\n")
            Self.expectSameParse(Self.lines[0] + "\r\n" + line + "\n" + Self.lines[1])
        }
        Self.expectSameParse("")
        Self.expectSameParse("\n\n")
        Self.expectSameParse(Self.lines.prefix(5).joined(separator: "\r\n"))
    }

    @Test func mutatedLinesReadAsJSONDecoderReadsThemButStrictly() {
        var random = SeededGenerator(seed: 5)
        let valid = Self.lines.prefix(7).map { Array($0.utf8) }
        for _ in 0..<3_000 {
            let mutated = FormFileMutationTests.mutate(valid.randomElement(using: &random) ?? [], &random)
            // Transcripts are read as UTF-8 text first; bytes that are not are refused before any line is read.
            guard let text = String(validating: mutated, as: UTF8.self) else { continue }
            Self.expectSameParse(text)
        }
    }

    @Test func theBundledTranscriptsReadAsBefore() throws {
        for name in ["good-transcript.jsonl", "doctored-transcript.jsonl"] {
            Self.expectSameParse(try String(contentsOfFile: AuditFixtures.path(name), encoding: .utf8))
        }
    }

    // MARK: - Scans

    /// How `sendings` was found: a search forward from every `sending` event.
    static func referenceSendings(_ events: [TranscriptEvent]) -> [Transcript.Sending] {
        var result: [Transcript.Sending] = []
        for (index, event) in events.enumerated() where event.kind == .state && event.state == .sending {
            let end = events.indices.dropFirst(index + 1).first {
                events[$0].kind == .state && events[$0].state != .sending
            }
            let busy = events.indices[(index + 1)..<(end ?? events.count)].filter { events[$0].kind == .announcement }
            var outcome: [Int] = []
            if let end {
                for next in events.indices.dropFirst(end + 1) {
                    let kind = events[next].kind
                    if kind == .prompt || kind == .input || kind == .state { break }
                    if kind == .announcement { outcome.append(next) }
                }
            }
            result.append(Transcript.Sending(start: index, end: end, busyLines: busy, outcomeLines: outcome))
        }
        return result
    }

    /// How `failures` was found: a search forward from every `failed` event.
    static func referenceFailures(_ events: [TranscriptEvent]) -> [Transcript.Failure] {
        events.enumerated().compactMap { index, event in
            guard event.kind == .state, event.state == .failed else { return nil }
            let fields = (event.text ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            var following: [Int] = []
            for next in events.indices.dropFirst(index + 1) {
                if events[next].kind == .input || events[next].kind == .state { break }
                following.append(next)
            }
            return Transcript.Failure(
                index: index, kind: event.detail.flatMap(SubmissionFailure.Kind.init(rawValue:)), fields: fields,
                followingEvents: following)
        }
    }

    /// Random sessions: states (sending twice in a row, failures with and without fields), lines, focus moves.
    static func randomEvents(_ random: inout SeededGenerator) -> [TranscriptEvent] {
        let fields = ["name", "email", "password", "submit"]
        return (0..<Int.random(in: 0...40, using: &random)).map { time in
            let field = fields.randomElement(using: &random) ?? "name"
            switch Int.random(in: 0..<9, using: &random) {
            case 0: return Events.state(time, "sending")
            case 1: return Events.state(time, ["completed", "idle", "cancelled"].randomElement(using: &random) ?? "")
            case 2:
                return Events.state(
                    time, "failed", detail: ["transient", "permanent", nil].randomElement(using: &random) ?? nil,
                    text: ["email, name", "password", "", nil].randomElement(using: &random) ?? nil)
            case 3: return TranscriptEvent(time: time, kind: .state)
            case 4: return Events.prompt(time, field, "Campo \(field).")
            case 5: return Events.input(time, field, "x", detail: field == "password" ? "hidden" : nil)
            case 6: return Events.focus(time, field)
            case 7: return TranscriptEvent(time: time, kind: .focus)
            default:
                return Events.say(
                    time, ["Enviando.", "Hay 2 errores. Reintentar.", "Listo."].randomElement(using: &random) ?? "")
            }
        }
    }

    @Test func sendingsAndFailuresAreTheSameInOnePass() {
        var random = SeededGenerator(seed: 21)
        for _ in 0..<2_000 {
            let events = Self.randomEvents(&random)
            let transcript = Events.transcript(events)
            #expect(transcript.sendings == Self.referenceSendings(events))
            #expect(transcript.failures == Self.referenceFailures(events))
        }
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
