import CVTerm
import Foundation
import VozKit
import VozTestSupport

/// Figure 9: the audit of a one-hour recording at 10 Hz (36,000 events of a progress bar and log lines, as a
/// long job prints them), side by side with what it cannot be faster than: reading the file's JSON, and feeding
/// the same output bytes to libvterm alone. The whole `voz audit --recording` is the binary people run.
struct RecordingAuditBench {
    let context: BenchContext
    var seconds = 3600
    var runs = 3

    func rows() -> [BenchRow] {
        let goal = "≤ 0.5 s and ≤ 3× libvterm alone"
        let events = seconds * 10
        let figure = "9. audit a 1-hour recording at 10 Hz (\(events) events, progress bar and log lines)"
        do {
            let path = context.scratch + "/progress-log-1h.cast"
            let recording = Self.progressAndLog(seconds: seconds, path: path)
            try Data(recording.text().utf8).write(to: URL(fileURLWithPath: path))
            let python = try? pythonParse(path)
            let read = try Samples.timed(runs) { _ = try CastRecording.load(path: path) }
            let loaded = try CastRecording.load(path: path)
            let output = loaded.events.filter { $0.code == "o" }.map(\.data)
            let floor = Samples.timed(runs) { Self.feedLibvterm(output, width: loaded.width, height: loaded.height) }
            var replay = Samples()
            var rules = Samples()
            var findings = 0
            for run in 0...runs {
                let start = ContinuousClock.now
                let timeline = ScreenReplay.replay(loaded)
                let replayed = ContinuousClock.now
                let result = Auditor.audit(
                    forms: [], transcripts: [], recordings: [timeline], formRules: [], transcriptRules: [])
                // The first run is a warm-up, and its findings are checked: a bench of an audit that found
                // nothing in a redrawn bar would measure a broken replay.
                if run == 0 {
                    findings = result.violations.count
                } else {
                    replay.add(replayed - start)
                    rules.add(ContinuousClock.now - replayed)
                }
            }
            guard findings > 0 else { throw BenchError.failed("the audit found nothing in the progress bar") }
            let whole = try Samples.timed(runs) {
                let run = try ChildProcess.timed(
                    context.voz, ["audit", "--recording", path, "--format", "json"], environment: context.environment)
                // 0 or 1: the audit ran (1 when a finding is serious); anything else is a broken run.
                guard case .exited(let code) = run.exit, code <= 1 else {
                    throw BenchError.failed("voz audit ended with \(run.exit)")
                }
            }
            let timesFloor = whole.median / floor.median
            let timesRead = whole.median / read.median
            return [
                BenchRow(
                    figure + ": read its JSON (\(runs) runs)", voz: "Voz's reader: " + Format.times(read),
                    alternative: "python3 json.loads of each line: " + (python.map { Format.times($0) } ?? "—"),
                    ratio: Format.ratio(python?.median ?? 0, read.median)),
                BenchRow(
                    figure + ": its output fed to libvterm alone, the floor", voz: Format.times(floor)),
                BenchRow(
                    figure + ": in-process replay, then the \(AuditRules.recording.count) rules (\(findings) findings)",
                    voz: "replay " + Format.times(replay) + ", rules " + Format.times(rules)),
                BenchRow(
                    figure + ": the whole `voz audit --recording`, "
                        + Format.number(timesFloor) + "× libvterm alone, " + Format.number(timesRead) + "× the read",
                    voz: Format.times(whole), alternative: "libvterm alone: " + Format.times(floor),
                    ratio: Format.ratio(floor.median, whole.median), goal: goal,
                    verdict: BenchRow.verdict(whole.median <= 0.5, timesFloor <= 3)),
            ]
        } catch {
            return [.skipped(figure, goal: goal, reason: "\(error)")]
        }
    }

    // MARK: - The recording

    /// A long job's output: a tqdm-shaped bar redrawn ten times a second
    /// (`\r 42%|████      | 1512/36000 [00:12<01:30, 10.00it/s]`), and every 2 seconds a log line written above
    /// it the way tqdm.write does (erase the bar's row, the line, the bar again), one in ten a coloured warning.
    static func progressAndLog(seconds: Int, path: String) -> CastRecording {
        let total = seconds * 10
        var recording = CastRecording(path: path, width: 80, height: 24, environment: ["TERM": "xterm-256color"])
        recording.events.reserveCapacity(total + 1)
        for step in 0..<total {
            let done = step + 1
            let filled = done * 40 / total
            let bar = String(repeating: "█", count: filled) + String(repeating: " ", count: 40 - filled)
            let elapsed = step / 10
            let clock = "\(elapsed / 60):" + (elapsed % 60 < 10 ? "0" : "") + "\(elapsed % 60)"
            var data = "\r\(done * 100 / total)%|\(bar)| \(done)/\(total) [\(clock), 10.00it/s]"
            if step % 20 == 19 {
                let chunk = step / 20
                let line =
                    chunk % 10 == 9
                    ? "\u{1B}[33mWARN\u{1B}[0m  \(clock) chunk \(chunk) retried after a timeout"
                    : "INFO  \(clock) fetched chunk \(chunk) (\(chunk % 7 + 1).\(chunk % 10) MB)"
                data = "\r\u{1B}[K" + line + "\r\n" + data
            }
            recording.events.append(CastRecording.Event(time: Double(step) / 10, code: "o", data: data))
        }
        recording.events.append(
            CastRecording.Event(time: Double(seconds), code: "o", data: "\r\nProcessed \(total) items.\r\n"))
        return recording
    }

    // MARK: - The alternatives

    /// The output, event by event, into a libvterm screen with no callbacks: what any replay costs at least.
    static func feedLibvterm(_ output: [String], width: Int, height: Int) {
        guard let terminal = vterm_new(Int32(height), Int32(width)) else { return }
        defer { vterm_free(terminal) }
        vterm_set_utf8(terminal, 1)
        let screen = vterm_obtain_screen(terminal)
        vterm_screen_reset(screen, 1)
        for var data in output {
            data.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return }
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    _ = vterm_input_write(terminal, $0, bytes.count)
                }
            }
        }
        vterm_screen_flush_damage(screen)
    }

    private func pythonParse(_ path: String) throws -> Samples {
        let script = """
            import json, sys, time
            out = []
            for _ in range(\(runs + 1)):
                start = time.perf_counter()
                [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
                out.append(time.perf_counter() - start)
            print(" ".join(map(repr, out[1:])))
            """
        return try Samples.printed(byPython: script, [path], environment: context.environment)
    }
}
