import Foundation
import Synchronization
import Testing
import VozTestSupport
import VozTestTraits

@testable import VozAnnouncer
@testable import VozKit
@testable import VozSupport
@testable import VozTranscript

/// Lines written to memory, in order.
final class RecordingLines: LineSink {
    private let stored = Mutex<[String]>([])
    var lines: [String] { stored.withLock { $0 } }
    func write(line: String) async { stored.withLock { $0.append(line) } }
}

extension SpeechSuites {
    /// The announcer's priority semantics, measured on real eSpeak NG rendering to a sink paced like a device.
    @Suite(.ownThread) struct AnnouncerTests {
        static let long =
            "Este es un mensaje largo de prueba que describe con mucho detalle cada uno de los campos del formulario, "
            + "uno tras otro, para que dure varios segundos cuando se dice a una velocidad normal."

        private func engine(_ sink: any AudioSink) async throws -> EspeakEngine {
            try await SpeechTestSupport.engine(VoiceParameters(voice: "es+voz-es", rate: 175), sink: sink)
        }

        /// The interruption measured on a manual clock: the sink paced like a device waits on it, so the polite
        /// message is played a pace at a time, and the clock stands still while the assertive one cuts in.
        @Test(.timeLimit(.minutes(2))) func assertiveInterruptsAtOnceAndDropsQueuedPoliteOnes() async throws {
            let clock = ManualClock()
            let sink = RecordingAudioSink(realTime: true, clock: clock)
            let lines = RecordingLines()
            let announcer = Announcer(engine: try await engine(sink), lines: lines)
            await announcer.announce(Announcement(Self.long))
            await announcer.announce(Announcement("Mensaje en cola que no debe oírse."))
            // Until half a second of it has been taken; the sink then waits on the clock for room, as a write to a
            // device does, with the rest of the message still to come.
            while true {
                await clock.waitForSleepers(1)
                if (sink.recordings.first?.samples.count ?? 0) > 22050 / 2 { break }
                clock.advanceToNextDeadline()
            }
            let interruptedAt = sink.now
            let taken = sink.recordings.first?.samples.count
            await announcer.announce(Announcement("Error: falta el correo.", priority: .assertive))
            // The assertive message plays out at its own pace.
            await clock.advancing { await announcer.drain() }

            let recordings = sink.recordings
            let outcomes = await announcer.outcomes()
            #expect(recordings.map(\.number) == [1, 3], "the queued polite message was dropped")
            #expect(outcomes.map(\.number) == [1, 3] && outcomes.map(\.interrupted) == [true, false])
            let polite = try #require(recordings.first)
            #expect(polite.interrupted)
            // The sink is told from the interrupting thread, so the paced write ends at once: no time passes on the
            // clock, and nothing more of the polite message is taken. Had the engine waited for eSpeak NG's next
            // buffer instead, the write would have waited out its pace.
            #expect(polite.samples.count == taken, "not one sample of the polite message after the interruption")
            #expect(polite.ended == interruptedAt, "stopped \(polite.ended.map { $0 - interruptedAt } ?? .zero) later")
            #expect(recordings[1].samples.count > 5000 && !recordings[1].interrupted)
            #expect(lines.lines.count == 3, "every message is printed, even those not said")
        }

        @Test func politeMessagesAreSaidInOrderAndAllPrintedFirst() async throws {
            let sink = RecordingAudioSink()
            let lines = RecordingLines()
            let announcer = Announcer(engine: try await engine(sink), lines: lines)
            let texts = ["Nombre.", "Correo electrónico.", "Contraseña."]
            for text in texts { await announcer.announce(Announcement(text)) }
            #expect(lines.lines == texts)
            await announcer.drain()
            #expect(sink.recordings.map(\.number) == [1, 2, 3])
            #expect(sink.recordings.allSatisfy { !$0.interrupted && $0.samples.count > 2000 })
            #expect(await announcer.lastAnnouncement()?.text == "Contraseña.")
        }

        /// A line printed but not said (`voz wrap`'s lines past the speech budget): printed and recorded, never given
        /// to the engine, and, assertive or not, cutting nothing short.
        @Test func aLineNotSpokenIsPrintedAndRecordedAndInterruptsNothing() async throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let transcript = try TranscriptWriter(path: directory + "/t.jsonl")
            let sink = RecordingAudioSink()
            let lines = RecordingLines()
            let announcer = Announcer(engine: try await engine(sink), lines: lines, transcript: transcript)
            await announcer.announce(Announcement("Uno."))
            await announcer.announce(Announcement("Dos.", isSpoken: false))
            await announcer.announce(Announcement("Tres.", priority: .assertive, isSpoken: false))
            await announcer.drain()
            #expect(lines.lines == ["Uno.", "Dos.", "Tres."])
            #expect(sink.recordings.map(\.number) == [1])
            #expect(sink.recordings.first?.interrupted == false)
            let events = try TranscriptReader.read(path: directory + "/t.jsonl")
            #expect(events.compactMap(\.text) == ["Uno.", "Dos.", "Tres."])
        }

        @Test func textOnlyPrintsAndRecordsWithoutAnEngine() async throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let transcript = try TranscriptWriter(path: directory + "/t.jsonl")
            let lines = RecordingLines()
            let announcer = Announcer(engine: nil, lines: lines, transcript: transcript)
            await announcer.announce(Announcement("Nombre", kind: .prompt, focus: "name"))
            await announcer.record(TranscriptEvent(time: 0, kind: .input, focus: "password", detail: "hidden"))
            await announcer.drain()
            #expect(lines.lines == ["Nombre"])
            let events = try TranscriptReader.read(path: directory + "/t.jsonl")
            #expect(events.map(\.kind) == [.prompt, .input])
            #expect(events[0].focus == "name" && events[0].wav == nil && events[1].text == nil)
        }

        @Test func wavModeRecordsEachUtterancesFileInTheTranscript() async throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let transcript = try TranscriptWriter(path: directory + "/t.jsonl")
            let sink = try WavFileSink(.directory(directory + "/wav"))
            let announcer = Announcer(engine: try await engine(sink), lines: RecordingLines(), transcript: transcript)
            await announcer.announce(Announcement("Uno."))
            // Said to the end before the next: an assertive message right after could drop it (see the next test).
            await announcer.drain()
            await announcer.announce(Announcement("Dos.", priority: .assertive))
            await announcer.drain()
            let events = try TranscriptReader.read(path: directory + "/t.jsonl")
            #expect(events.map(\.wav) == [directory + "/wav/0001.wav", directory + "/wav/0002.wav"])
            #expect(WavAudio(contentsOf: directory + "/wav/0002.wav").map { $0.rms > 0.02 } == true)
        }

        /// A `voz demo` session as its scripted answers drive it: the prompts queue up faster than they are said, and
        /// the assertive outcome drops the ones still waiting. The transcript names only files that exist.
        @Test func aDroppedUtteranceNamesNoWavAndEveryWavNamedExists() async throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // Ten milliseconds between events on the transcript's clock: a line held until its audio is known
            // must still say when it happened, not when it was written.
            let clock = ManualClock()
            let transcript = try TranscriptWriter(path: directory + "/t.jsonl", clock: clock)
            let folder = directory + "/wav"
            let announcer = Announcer(
                engine: try await engine(try WavFileSink(.directory(folder))), lines: RecordingLines(),
                transcript: transcript)
            // The first prompt is long, so it is still rendering when the rest arrive: those are certainly waiting.
            await announcer.announce(Announcement(Self.long, kind: .prompt, focus: "nombre"))
            clock.advance(by: .milliseconds(10))
            await announcer.record(TranscriptEvent(time: 0, kind: .input, text: "Ana Pérez", focus: "nombre"))
            for (field, text) in [("correo", "Campo 2 de 6. Correo electrónico."), ("cupon", "Campo 3 de 6. Cupón.")] {
                clock.advance(by: .milliseconds(10))
                await announcer.announce(Announcement(text, kind: .prompt, focus: field))
                clock.advance(by: .milliseconds(10))
                await announcer.record(TranscriptEvent(time: 0, kind: .input, text: "x", focus: field))
            }
            clock.advance(by: .milliseconds(10))
            await announcer.record(TranscriptEvent(time: 0, kind: .state, state: .sending))
            clock.advance(by: .milliseconds(10))
            await announcer.announce(Announcement("Enviando."))
            clock.advance(by: .milliseconds(10))
            await announcer.record(TranscriptEvent(time: 0, kind: .state, state: .completed))
            clock.advance(by: .milliseconds(10))
            await announcer.announce(Announcement("Cuenta creada.", priority: .assertive))
            await announcer.drain()

            let events = try TranscriptReader.read(path: directory + "/t.jsonl")
            #expect(
                events.map(\.kind) == [
                    .prompt, .input, .prompt, .input, .prompt, .input, .state, .announcement, .state, .announcement,
                ], "every event, in the order it happened")
            #expect(events.map(\.time) == Array(stride(from: 0, through: 90, by: 10)))
            let spoken = events.filter { $0.kind == .prompt || $0.kind == .announcement }
            let dropped = spoken.filter { $0.detail == "dropped" }
            #expect(dropped.count >= 2, "the queued prompts were dropped: \(spoken.map { $0.detail ?? "said" })")
            #expect(dropped.allSatisfy { $0.wav == nil })
            #expect(spoken.last?.wav != nil && spoken.last?.detail == nil, "the outcome was said")
            for event in spoken {
                guard let wav = event.wav else { continue }
                #expect(WavAudio(contentsOf: wav) != nil, "\(wav), named for \(event.text ?? ""), is a valid WAV file")
            }
            let named = Set(spoken.compactMap(\.wav).map { ($0 as NSString).lastPathComponent })
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == named, "no file goes unnamed")
        }
    }
}
