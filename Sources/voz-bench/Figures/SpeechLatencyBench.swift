import Foundation
import VozKit
import VozSupport
import VozTestSupport

/// Lines that go nowhere: the bench times speech, not the terminal.
struct SilentLines: LineSink {
    func write(line: String) async {}
}

/// Figures 1 and 2: how soon speech starts after `announce`, and how soon an assertive message silences a polite
/// one — in-process through the announcer and eSpeak NG, against spawning `espeak-ng` per message.
struct SpeechLatencyBench {
    /// Sentences Voz really says, from the bundled form.
    static let short = "Nombre completo, obligatorio."
    static let long =
        "Campo 4 de 6. Cupón de descuento. Opcional. De 4 a 12 letras o cifras, sin espacios. "
        + "Si no tienes cupón, deja la respuesta vacía. Ejemplo: VERANO25."

    let context: BenchContext
    var runs = 200
    var interruptionRuns = 30

    func rows() async -> [BenchRow] {
        var rows: [BenchRow] = []
        do {
            for (name, text) in [("short", Self.short), ("long", Self.long)] {
                let voz = try await firstSample(text)
                let spawned = try spawnedFirstByte(text)
                rows.append(
                    BenchRow(
                        "1. announce → first sample, \(name) sentence (\(runs) runs)", voz: Format.times(voz),
                        alternative: "spawn espeak-ng --stdout: " + Format.times(spawned),
                        ratio: Format.ratio(spawned.median, voz.median), goal: "median < 1 ms, ≥ 10× faster",
                        verdict: BenchRow.verdict(voz.median < 1e-3, spawned.median / voz.median >= 10)))
            }
        } catch {
            rows.append(.skipped("1. announce → first sample", goal: "median < 1 ms, ≥ 10× faster", reason: "\(error)"))
        }
        do {
            let (wall, audio) = try await interruption()
            let (killWall, killAudio) = try killedSpawn()
            rows.append(
                BenchRow(
                    "2. interruption: assertive call → polite one ends at the sink (\(interruptionRuns) runs)",
                    voz: Format.times(wall), alternative: "kill espeak-ng, pipe closes: " + Format.times(killWall),
                    ratio: Format.ratio(killWall.median, wall.median), goal: "< 5 ms (p95)",
                    verdict: BenchRow.verdict(wall.p95 < 5e-3)))
            rows.append(
                BenchRow(
                    "2. interruption: polite audio reaching the sink after the call", voz: Format.times(audio),
                    alternative: "audio left in the killed espeak-ng's pipe: " + Format.times(killAudio),
                    ratio: Format.ratio(killAudio.median, audio.median), goal: "< 50 ms of audio (p95)",
                    verdict: BenchRow.verdict(audio.p95 < 0.05)))
        } catch {
            rows.append(.skipped("2. interruption", goal: "< 5 ms, < 50 ms of audio", reason: "\(error)"))
        }
        return rows
    }

    // MARK: - Voz

    /// `announce` → first sample at a recording sink, warm, with each utterance stopped once it has begun.
    private func firstSample(_ text: String) async throws -> Samples {
        let sink = RecordingAudioSink()
        let engine = try await EspeakEngine(parameters: context.voice, sink: sink, dataPath: context.dataPath)
        let announcer = Announcer(engine: engine, lines: SilentLines())
        var samples = Samples()
        let warmUp = 10
        for number in 1...(warmUp + runs) {
            let start = sink.now
            await announcer.announce(Announcement(text))
            let first = await waitForFirstSample(sink, utterance: number)
            // Only the start is measured; stopping here keeps 200 long sentences from taking minutes.
            engine.interrupt(through: number)
            await announcer.drain()
            if number > warmUp, let first { samples.add(first - start) }
        }
        guard samples.count == runs else { throw BenchError.failed("some utterances produced no audio") }
        return samples
    }

    /// When the utterance's first sample arrived, on the sink's clock (the wall clock here).
    private func waitForFirstSample(_ sink: RecordingAudioSink, utterance: Int) async -> Duration? {
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            if let recording = sink.recordings.last, recording.number == utterance, let first = recording.firstSample {
                return first
            }
            // The sink stamps the first sample itself, so polling slowly costs no precision and leaves the core
            // to eSpeak NG.
            try? await Task.sleep(for: .microseconds(200))
        }
        return nil
    }

    /// Polite long sentence, heard for 0.3 s (plus a random part of a buffer, so the call does not always land
    /// just after a write) on a sink paced like a device, then an assertive one.
    ///
    /// The wall time runs to when the sink is told the polite utterance ended: a device sink flushes what it
    /// holds only then, so until that moment the listener still hears the polite one.
    private func interruption() async throws -> (wall: Samples, audio: Samples) {
        let sink = RecordingAudioSink(realTime: true)
        let engine = try await EspeakEngine(parameters: context.voice, sink: sink, dataPath: context.dataPath)
        let announcer = Announcer(engine: engine, lines: SilentLines())
        var wall = Samples()
        var audio = Samples()
        var number = 0
        for _ in 0..<interruptionRuns {
            number += 1
            let polite = number
            await announcer.announce(Announcement(Self.long))
            let deadline = ContinuousClock.now + .seconds(3)
            while (sink.recordings.last.map { $0.number == polite ? $0.samples.count : 0 } ?? 0)
                < engine.sampleRate * 3 / 10
            {
                guard ContinuousClock.now < deadline else {
                    throw BenchError.failed("the polite sentence did not play")
                }
                try await Task.sleep(for: .milliseconds(1))
            }
            try await Task.sleep(for: .microseconds(Int.random(in: 0..<40_000)))
            let called = sink.now
            number += 1
            await announcer.announce(Announcement("Error: falta el correo.", priority: .assertive))
            _ = await waitForFirstSample(sink, utterance: number)
            engine.interrupt(through: number)
            await announcer.drain()
            guard let recording = sink.recordings.first(where: { $0.number == polite }), let ended = recording.ended
            else { throw BenchError.failed("the polite sentence has no recording") }
            wall.add(ended - called)
            audio.add(Double(recording.samples(after: called)) / Double(recording.sampleRate))
        }
        return (wall, audio)
    }

    // MARK: - espeak-ng, spawned per message

    /// Spawn → first byte on the pipe; the process is killed once it has started, as the Voz runs are stopped.
    private func spawnedFirstByte(_ text: String) throws -> Samples {
        var samples = Samples()
        for run in 0..<(runs + 3) {
            let child = try ChildProcess(
                BenchContext.espeak, context.espeakArguments + ["--stdout", text],
                environment: context.espeakEnvironment)
            let first = child.firstByte()
            child.signal(SIGKILL)
            child.wait()
            guard let first else { throw BenchError.failed("espeak-ng wrote nothing") }
            if run >= 3 { samples.add(first - child.started) }
        }
        return samples
    }

    /// The alternative's interruption: its audio is read at the pace a player would take it, for 0.3 s and a
    /// random part of a buffer; then it is killed. Measured: the time until its pipe closes, and the audio
    /// already in the pipe, which the player would go on playing.
    private func killedSpawn() throws -> (wall: Samples, audio: Samples) {
        var wall = Samples()
        var audio = Samples()
        let bytesPerSecond = 22050.0 * 2
        for _ in 0..<interruptionRuns {
            let child = try ChildProcess(
                BenchContext.espeak, context.espeakArguments + ["--stdout", Self.long],
                environment: context.espeakEnvironment)
            let heard = 44 + Int(bytesPerSecond * (0.3 + Double.random(in: 0..<0.04)))
            var taken = 0
            var began: ContinuousClock.Instant?
            while taken < heard {
                let got = child.readExactly(min(882, heard - taken))
                guard got > 0 else { throw BenchError.failed("espeak-ng's audio ended early") }
                taken += got
                let start = began ?? ContinuousClock.now
                began = start
                // A device takes audio no faster than it plays it, keeping about 20 ms ahead.
                let ahead = Double(taken) / bytesPerSecond - (ContinuousClock.now - start).seconds - 0.02
                if ahead > 0 { Thread.sleep(forTimeInterval: ahead) }
            }
            let called = ContinuousClock.now
            child.signal(SIGKILL)
            let (bytes, closed) = child.drainOutput()
            child.wait()
            wall.add(closed - called)
            audio.add(Double(bytes) / bytesPerSecond)
        }
        return (wall, audio)
    }
}
