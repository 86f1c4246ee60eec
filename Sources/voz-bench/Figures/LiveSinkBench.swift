import Foundation
import VozKit
import VozTestSupport

/// Figure 7: what a listener feels on a real sound server — announce → first audible sample at the
/// sink, and interrupt → silence at the sink — through a private PulseAudio null sink recorded with `parec`,
/// against `espeak-ng` played through the same server, spawned per message and killed to interrupt it.
struct LiveSinkBench {
    let context: BenchContext
    var runs = 50

    /// A short prompt, 0.7 s at Voz's default rate.
    static let sentence = "Nombre completo."
    /// How long each message plays before it is interrupted, and how long the silence after lasts.
    static let playFor = Duration.milliseconds(150)
    static let settleFor = Duration.milliseconds(100)

    /// When one run said its message and when it interrupted it.
    struct Marks {
        var said: ContinuousClock.Instant
        var interrupted: ContinuousClock.Instant
    }

    func rows() async -> [BenchRow] {
        let figures = ("7. live sink: announce → first audible sample", "7. live sink: interrupt → silence")
        guard PulseServerFixture.available else {
            return [figures.0, figures.1].map { .skipped($0, reason: "no PulseAudio") }
        }
        do {
            let server = try PulseServerFixture(base: context.environment, scratch: context.scratch)
            defer { server.stop() }
            let voz = try await measure(server) { try await vozRuns(server, $0) }
            let espeak = try await measure(server) { try await espeakRuns(server, $0) }
            return [
                BenchRow(
                    "\(figures.0) (\(runs) runs)", voz: Format.times(voz.first),
                    alternative: "espeak-ng spawned, same server: " + Format.times(espeak.first),
                    ratio: Format.ratio(espeak.first.median, voz.first.median)),
                BenchRow(
                    "\(figures.1) (\(runs) runs)", voz: Format.times(voz.silence),
                    alternative: "espeak-ng killed: " + Format.times(espeak.silence),
                    ratio: Format.ratio(espeak.silence.median, voz.silence.median),
                    goal: "< 100 ms (the live-audio tests)",
                    verdict: BenchRow.verdict(voz.silence.p95 < 0.1)),
            ]
        } catch {
            return [figures.0, figures.1].map { .skipped($0, reason: "\(error)") }
        }
    }

    // MARK: - Runs

    /// Records the monitor while `body` runs its messages, then reads each run's two figures off the capture.
    func measure(
        _ server: PulseServerFixture, _ body: (MonitorRecorder) async throws -> [Marks]
    ) async throws -> (first: Samples, silence: Samples) {
        // A 2 ms fragment: arrival times, the only clock the capture has, are as fine as the hand-overs.
        let recorder = try server.record(latencyMilliseconds: 2)
        try await Task.sleep(for: .milliseconds(300))
        let marks = try await body(recorder)
        try await Task.sleep(for: .milliseconds(100))
        let stopped = recorder.stop()
        let capture = Capture(samples: stopped.samples, arrivals: stopped.arrivals, rate: recorder.rate)
        var first = Samples()
        var silence = Samples()
        for (index, mark) in marks.enumerated() {
            let start = capture.index(at: mark.said)
            let limit = index + 1 < marks.count ? capture.index(at: marks[index + 1].said) : capture.samples.count
            let cut = capture.index(at: mark.interrupted)
            guard let loud = capture.firstLoud(in: start..<cut), let heard = capture.heard(loud) else {
                continue
            }
            first.add(heard - mark.said)
            let end = capture.endOfSound(from: cut, limit: limit, gap: capture.rate / 10)
            let ended = end > cut ? capture.heard(end - 1) ?? mark.interrupted : mark.interrupted
            silence.add(max(ended - mark.interrupted, .zero))
        }
        guard first.count >= marks.count * 9 / 10 else {
            throw BenchError.failed("only \(first.count) of \(marks.count) messages were heard")
        }
        return (first, silence)
    }

    /// Voz: the announcer speaking live through the server; an assertive message with nothing to say cuts the
    /// polite one, so whatever is heard after the call is the polite one's tail.
    func vozRuns(_ server: PulseServerFixture, _ recorder: MonitorRecorder) async throws -> [Marks] {
        let sink = try PulseAudioSink(sampleRate: 22050, environment: server.environment)
        let engine = try await EspeakEngine(parameters: context.voice, sink: sink, dataPath: context.dataPath)
        let announcer = Announcer(engine: engine, lines: SilentLines())
        var marks: [Marks] = []
        for _ in 0..<runs {
            try await waitForQuiet(recorder)
            let said = ContinuousClock.now
            await announcer.announce(Announcement(Self.sentence))
            try await Task.sleep(for: Self.playFor)
            let interrupted = ContinuousClock.now
            await announcer.announce(Announcement(" ", priority: .assertive))
            try await Task.sleep(for: Self.settleFor)
            marks.append(Marks(said: said, interrupted: interrupted))
        }
        await announcer.drain()
        return marks
    }

    /// The alternative: `espeak-ng` started per message, playing through the server itself; killed to stop.
    private func espeakRuns(_ server: PulseServerFixture, _ recorder: MonitorRecorder) async throws -> [Marks] {
        var environment = server.environment
        environment["ESPEAK_DATA_PATH"] = context.dataPath
        var marks: [Marks] = []
        for _ in 0..<runs {
            try await waitForQuiet(recorder)
            let child = try ChildProcess(
                BenchContext.espeak, context.espeakArguments + [Self.sentence], environment: environment,
                captureOutput: false)
            try await Task.sleep(for: Self.playFor)
            let interrupted = ContinuousClock.now
            child.signal(SIGTERM)
            child.wait()
            try await Task.sleep(for: Self.settleFor)
            marks.append(Marks(said: child.started, interrupted: interrupted))
        }
        return marks
    }

    /// Waits until the monitor has been quiet for 50 ms, so one run's tail is never taken for the next one.
    func waitForQuiet(_ recorder: MonitorRecorder) async throws {
        let deadline = ContinuousClock.now + .seconds(2)
        while !recorder.isQuiet(for: .milliseconds(50)), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
