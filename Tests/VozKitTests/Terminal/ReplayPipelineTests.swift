import Foundation
import Testing

@testable import VozTerminal

/// A long recording replays on two cores, the emulator on one and the rows and timeline on the other; the timeline
/// must be the one a replay on one thread makes, whatever the recording does to the screen.
@Suite struct ReplayPipelineTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func recordings() throws -> [CastRecording] {
        var paths: [String] = []
        for folder in ["Terminal", "Corpus/Recordings"] {
            let url = fixtures.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".cast") }
            paths += names.sorted().map { url.appendingPathComponent($0).path }
        }
        return paths.compactMap { try? CastRecording.load(path: $0) } + [Self.busyScreen()]
    }

    /// Scrolling on the whole screen and in a region, resizes between writes, the alternate screen, colours and
    /// reverse video, wide characters, a bell, keys with the cursor moved: every entry the emulator logs.
    static func busyScreen() -> CastRecording {
        var recording = CastRecording(path: "busy.cast", width: 20, height: 6)
        var time = 0.0
        func add(_ code: String, _ data: String) {
            recording.events.append(CastRecording.Event(time: time, code: code, data: data))
            time += 0.05
        }
        for step in 0..<3_000 {
            switch step % 11 {
            case 0: add("o", "line \(step) \u{1B}[3\(step % 8)mcolour\u{1B}[0m\r\n")
            case 1: add("o", "\u{1B}[2;5r\u{1B}[5;1H\n\nregion \(step)\u{1B}[r")
            case 2: add("r", "\(10 + step % 30)x\(3 + step % 9)")
            case 3: add("o", "\u{1B}[?1049h\u{1B}[7mmenu \(step)\u{1B}[27m\u{1B}[?1049l")
            case 4: add("i", step % 2 == 0 ? "\r" : "\u{1B}[A")
            case 5: add("o", "\u{1B}[H\u{1B}[2J日本語 wide \(step)\u{7}")
            case 6: add("o", "\r\u{1B}[K\(step % 100)% |" + String(repeating: "█", count: step % 15))
            case 7: add("r", "bad")
            case 8: add("o", "\u{1B}[?25l\u{1B}M\u{1B}M up\u{1B}[?25h")
            case 9: add("o", String(repeating: "wrapped words ", count: 4))
            default: add("o", "\u{1B}[\(step % 5 + 1);\(step % 7 + 1)Hx\u{1B}[1P\u{1B}[2@")
            }
        }
        return recording
    }

    @Test func twoCoresReplayAsOneDoes() throws {
        let recordings = try Self.recordings()
        #expect(recordings.count > 90)
        for recording in recordings {
            let alone = ScreenReplay.sequential(recording)
            #expect(ScreenReplay.pipelined(recording) == alone, "\(recording.path)")
            #expect(ScreenReplay.replay(recording) == alone, "\(recording.path)")
        }
    }
}
