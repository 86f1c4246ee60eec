import Foundation
import Testing

@testable import VozKit
@testable import VozSpeech

extension SpeechSuites {
    @Suite struct WavFileSinkTests {
        @Test func writesACorrectRiffHeaderAndNumberedFiles() throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let sink = try WavFileSink(.directory(directory))
            let samples: [Int16] = [0, 1000, -1000, 32767, -32768]
            for number in [1, 12] {
                try sink.begin(utterance: number, sampleRate: 22050)
                _ = samples.withUnsafeBufferPointer { sink.write($0) }
                sink.end(interrupted: false)
            }
            #expect(sink.file(forUtterance: 12) == directory + "/0012.wav")
            let data = try #require(FileManager.default.contents(atPath: directory + "/0001.wav"))
            #expect(data.count == 44 + 10)
            #expect(WavHeader(parsing: data) == WavHeader(sampleRate: 22050, dataSize: 10))
            #expect(Array(data.prefix(4)) == Array("RIFF".utf8) && Array(data[8..<12]) == Array("WAVE".utf8))
            #expect(WavAudio(contentsOf: directory + "/0012.wav")?.samples == samples)
        }

        @Test func anInterruptedUtteranceStillLeavesAValidFile() throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let sink = try WavFileSink(.file(directory + "/say.wav"))
            try sink.begin(utterance: 1, sampleRate: 16000)
            _ = [Int16](repeating: 5, count: 100).withUnsafeBufferPointer { sink.write($0) }
            sink.end(interrupted: true)
            let audio = try #require(WavAudio(contentsOf: directory + "/say.wav"))
            #expect(audio.sampleRate == 16000 && audio.samples.count == 100)
        }

        @Test func soxAgreesWithTheHeader() async throws {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/soxi") else { return }
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let sink = try WavFileSink(.directory(directory))
            let engine = try await SpeechTestSupport.engine(VoiceParameters(voice: "es"), sink: sink)
            let outcome = await engine.speak(Utterance(number: 1, text: "Hola."))
            let soxi = try await ChildProcess.run(
                executable: "/usr/bin/soxi", arguments: ["-s", try #require(outcome.file)])
            #expect(Int(soxi.output.trimmingCharacters(in: .whitespacesAndNewlines)) == outcome.samples)
        }

        /// What is said holds names and card digits: the files are 0600 in a folder made 0700, and a link planted
        /// at a file's name is replaced, never written through.
        @Test func filesAreOwnerOnlyAndAPlantedLinkIsNotFollowed() throws {
            let base = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: base) }
            let directory = base + "/wav"
            let victim = base + "/victim.txt"
            #expect(FileManager.default.createFile(atPath: victim, contents: Data("keep".utf8)))
            let sink = try WavFileSink(.directory(directory))
            try FileManager.default.createSymbolicLink(atPath: directory + "/0002.wav", withDestinationPath: victim)
            try sink.begin(utterance: 1, sampleRate: 16000)
            _ = [Int16](repeating: 5, count: 10).withUnsafeBufferPointer { sink.write($0) }
            sink.end(interrupted: false)
            #expect(throws: SpeechError.audioIsLink(path: directory + "/0002.wav")) {
                try sink.begin(utterance: 2, sampleRate: 16000)
            }
            #expect(FileManager.default.contents(atPath: victim) == Data("keep".utf8))
            let fileMode = try FileManager.default.attributesOfItem(atPath: directory + "/0001.wav")[.posixPermissions]
            let folderMode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions]
            #expect(fileMode as? Int == 0o600)
            #expect(folderMode as? Int == 0o700)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            #expect(leftovers == ["0001.wav", "0002.wav"], "no temporary file is left behind")
        }

        /// Issue 36: the folders made on the way to a new `wav:DIR` are 0700 too, not only the last: what was said
        /// (names, card digits) is the owner's alone.
        @Test func foldersMadeOnTheWayArePrivate() throws {
            let base = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: base) }
            let directory = base + "/audio/today"
            let sink = try WavFileSink(.directory(directory))
            try sink.begin(utterance: 1, sampleRate: 16000)
            sink.end(interrupted: false)
            for folder in [base + "/audio", directory] {
                let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions]
                #expect(mode as? Int == 0o700, "\(folder)")
            }
            let fileMode = try FileManager.default.attributesOfItem(atPath: directory + "/0001.wav")[.posixPermissions]
            #expect(fileMode as? Int == 0o600)
        }

        /// A link at the folder or the file the person named is refused before anything is said.
        @Test func aLinkAtTheNamedFolderOrFileIsRefused() throws {
            let base = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: base) }
            try FileManager.default.createDirectory(atPath: base + "/real", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: base + "/wav", withDestinationPath: base + "/real")
            #expect(throws: SpeechError.audioIsLink(path: base + "/wav")) { try WavFileSink(.directory(base + "/wav")) }
            let victim = base + "/victim.wav"
            #expect(FileManager.default.createFile(atPath: victim, contents: Data("keep".utf8)))
            try FileManager.default.createSymbolicLink(atPath: base + "/say.wav", withDestinationPath: victim)
            #expect(throws: SpeechError.audioIsLink(path: base + "/say.wav")) {
                try WavFileSink(.file(base + "/say.wav"))
            }
            #expect(FileManager.default.contents(atPath: victim) == Data("keep".utf8))
        }

        @Test func anUnwritableFolderIsRefusedBeforeAnythingIsSaid() {
            #expect(throws: SpeechError.self) { try WavFileSink(.directory("/proc/voz-cannot-write")) }
        }
    }
}
