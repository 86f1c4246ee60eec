import Foundation
import VozKit
import VozTestSupport

/// Figure 8: speech through speech-dispatcher as a listener feels it — announce → first audible
/// sample and interrupt → silence at a private PulseAudio's null sink — beside Voz's in-process eSpeak NG on the
/// same server and beside `spd-say` spawned per message (interrupted by `spd-say -C`); and how long `--speech
/// auto` takes to look for a screen reader.
struct SpeechdBench {
    let context: BenchContext
    var runs = 30
    var detectionRuns = 200
    /// Long enough to be still playing when it is cut, at the Spanish profile's 420 words a minute.
    static let sentence = "Nombre completo, obligatorio. Escriba su nombre y sus apellidos."
    /// speech-dispatcher takes tens of milliseconds to start a message on a loaded machine: the cut comes later
    /// than in figure 7 so the start is always inside the window measured.
    static let playFor = Duration.milliseconds(400)

    func rows() async -> [BenchRow] {
        var rows = [detection()]
        let figures = (
            "8. speech-dispatcher: announce → first audible sample", "8. speech-dispatcher: interrupt → silence"
        )
        guard PulseServerFixture.available, SpeechdServerFixture.available else {
            return rows + [figures.0, figures.1].map { .skipped($0, reason: "no speech-dispatcher or PulseAudio") }
        }
        do {
            let pulse = try PulseServerFixture(base: context.environment, scratch: context.scratch)
            defer { pulse.stop() }
            let server = try SpeechdServerFixture(pulse: pulse, scratch: context.scratch, defaultLanguage: "es")
            defer { server.stop() }
            var live = LiveSinkBench(context: context)
            live.runs = runs
            let voz = try await live.measure(pulse) { try await speechdRuns(server, live, $0) }
            let spawned = try await live.measure(pulse) { try await spdSayRuns(server, live, $0) }
            let inProcess = try await live.measure(pulse) { try await live.vozRuns(pulse, $0) }
            rows += [
                BenchRow(
                    "\(figures.0) (\(runs) runs)", voz: Format.times(voz.first),
                    alternative: "spd-say spawned: " + Format.times(spawned.first),
                    ratio: Format.ratio(spawned.first.median, voz.first.median), goal: "median ≤ 30 ms",
                    verdict: BenchRow.verdict(voz.first.median <= 0.03)),
                BenchRow(
                    "\(figures.0), beside in-process eSpeak NG", voz: Format.times(voz.first),
                    alternative: "in-process eSpeak NG: " + Format.times(inProcess.first),
                    ratio: Format.ratio(inProcess.first.median, voz.first.median)),
                BenchRow(
                    "\(figures.1) (\(runs) runs)", voz: Format.times(voz.silence),
                    alternative: "spd-say -C spawned: " + Format.times(spawned.silence),
                    ratio: Format.ratio(spawned.silence.median, voz.silence.median), goal: "≤ 50 ms",
                    verdict: BenchRow.verdict(voz.silence.median <= 0.05)),
                BenchRow(
                    "\(figures.1), beside in-process eSpeak NG", voz: Format.times(voz.silence),
                    alternative: "in-process eSpeak NG: " + Format.times(inProcess.silence),
                    ratio: Format.ratio(inProcess.silence.median, voz.silence.median)),
            ]
        } catch {
            rows += [figures.0, figures.1].map { .skipped($0, reason: "\(error)") }
        }
        return rows
    }

    // MARK: - Detection

    /// What a client of the private server sees, in a locale every machine has: spd-say exits when setlocale fails,
    /// as it does for the bench's es_ES where the machine has no such locale.
    static func clientEnvironment(_ server: SpeechdServerFixture) -> [String: String] {
        var environment = server.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        return environment
    }

    /// `--speech auto`'s look at /proc, /sys and the environment, on this machine as it is.
    private func detection() -> BenchRow {
        let detector = ScreenReaderDetector(environment: context.environment)
        var times = Samples()
        for _ in 0..<detectionRuns {
            let start = ContinuousClock.now
            _ = detector.detect()
            times.add(ContinuousClock.now - start)
        }
        let processes =
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter {
                $0.first?.isNumber == true
            }.count ?? 0
        return BenchRow(
            "8. screen-reader detection, \(processes) processes (\(detectionRuns) runs)", voz: Format.times(times),
            goal: "median ≤ 5 ms", verdict: BenchRow.verdict(times.median <= 0.005))
    }

    // MARK: - Runs

    /// Voz through speech-dispatcher: the announcer as a session uses it; an assertive message with nothing to
    /// say cuts the polite one (`spd_cancel` of Voz's own connection).
    private func speechdRuns(
        _ server: SpeechdServerFixture, _ live: LiveSinkBench, _ recorder: MonitorRecorder
    ) async throws -> [LiveSinkBench.Marks] {
        // The socket file appears when it is bound, a moment before the server listens.
        var opened: SpeechdEngine?
        let deadline = ContinuousClock.now + .seconds(5)
        while opened == nil {
            do {
                opened = try await SpeechdEngine(
                    settings: SpeechdEngine.Settings(language: "es", rate: context.voice.rate),
                    environment: Self.clientEnvironment(server), autospawn: false, lostNotice: "")
            } catch {
                guard ContinuousClock.now < deadline else { throw error }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        guard let engine = opened else { throw BenchError.failed("speech-dispatcher did not answer") }
        let announcer = Announcer(engine: engine, lines: SilentLines())
        // The module starts on the first message; a session pays that once, so it is not counted.
        await announcer.announce(Announcement(Self.sentence))
        await announcer.drain()
        var marks: [LiveSinkBench.Marks] = []
        for _ in 0..<runs {
            try await live.waitForQuiet(recorder)
            let said = ContinuousClock.now
            await announcer.announce(Announcement(Self.sentence))
            try await Task.sleep(for: Self.playFor)
            let interrupted = ContinuousClock.now
            await announcer.announce(Announcement(" ", priority: .assertive))
            try await Task.sleep(for: LiveSinkBench.settleFor)
            marks.append(LiveSinkBench.Marks(said: said, interrupted: interrupted))
        }
        await announcer.drain()
        return marks
    }

    /// The alternative: `spd-say` started per message, and `spd-say -C` started to cut it.
    private func spdSayRuns(
        _ server: SpeechdServerFixture, _ live: LiveSinkBench, _ recorder: MonitorRecorder
    ) async throws -> [LiveSinkBench.Marks] {
        let rate = String(SpeechdEngine.ssipRate(wordsPerMinute: context.voice.rate))
        var marks: [LiveSinkBench.Marks] = []
        for _ in 0..<runs {
            try await live.waitForQuiet(recorder)
            let child = try ChildProcess(
                "/usr/bin/spd-say", ["-l", "es", "-r", rate, Self.sentence],
                environment: Self.clientEnvironment(server),
                captureOutput: false)
            try await Task.sleep(for: Self.playFor)
            let interrupted = ContinuousClock.now
            let cancel = try ChildProcess(
                "/usr/bin/spd-say", ["-C"], environment: Self.clientEnvironment(server), captureOutput: false)
            child.wait()
            cancel.wait()
            try await Task.sleep(for: LiveSinkBench.settleFor)
            marks.append(LiveSinkBench.Marks(said: child.started, interrupted: interrupted))
        }
        return marks
    }
}
