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
    /// The whole audit and libvterm alone are timed in turn, one of each a round: a shared machine's load slows
    /// both alike, so the ratio of their medians holds still where two series timed one after the other drifted
    /// apart (floors of 66 to 119 ms between runs of the same bench).
    var rounds = 25

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
            let (whole, floor, each) = try alternated(path, output, width: loaded.width, height: loaded.height)
            let timesFloor = whole.median / floor.median
            let timesRead = whole.median / read.median
            let inTurn = "\(rounds) runs, in turn with "
            return [
                BenchRow(
                    figure + ": read its JSON (\(runs) runs)", voz: "Voz's reader: " + Format.times(read),
                    alternative: "python3 json.loads of each line: " + (python.map { Format.times($0) } ?? "—"),
                    ratio: Format.ratio(python?.median ?? 0, read.median)),
                BenchRow(
                    figure + ": its output fed to libvterm alone, the floor (" + inTurn + "the whole audit)",
                    voz: Format.times(floor)),
                BenchRow(
                    figure + ": in-process replay, then the \(AuditRules.recording.count) rules (\(findings) findings)",
                    voz: "replay " + Format.times(replay) + ", rules " + Format.times(rules)),
                BenchRow(
                    figure + ": the whole `voz audit --recording` (" + inTurn + "libvterm alone), "
                        + Format.number(timesFloor) + "× libvterm alone (each round's ratio: median "
                        + Format.number(each.median) + "×, middle half " + Format.number(each.percentile(0.25)) + "–"
                        + Format.number(each.percentile(0.75)) + "×), " + Format.number(timesRead) + "× the read",
                    voz: Format.times(whole), alternative: "libvterm alone: " + Format.times(floor),
                    ratio: Format.ratio(floor.median, whole.median), goal: goal,
                    verdict: BenchRow.verdict(whole.median <= 0.5, timesFloor <= 3)),
                instructions(figure, path),
            ]
        } catch {
            return [.skipped(figure, goal: goal, reason: "\(error)")]
        }
    }

    /// The whole audit (the binary, its start-up included) and libvterm alone fed the same output, timed in turn
    /// `rounds` times after a warm-up of each; and each round's ratio of the two.
    private func alternated(
        _ path: String, _ output: [String], width: Int, height: Int
    ) throws -> (whole: Samples, floor: Samples, each: Samples) {
        var whole = Samples()
        var floor = Samples()
        var each = Samples()
        for round in 0...rounds {
            let audit = try ChildProcess.timed(
                context.voz, ["audit", "--recording", path, "--format", "json"], environment: context.environment)
            // 0 or 1: the audit ran (1 when a finding is serious); anything else is a broken run.
            guard case .exited(let code) = audit.exit, code <= 1 else {
                throw BenchError.failed("voz audit ended with \(audit.exit)")
            }
            let start = ContinuousClock.now
            Self.feedLibvterm(output, width: width, height: height)
            let fed = ContinuousClock.now - start
            guard round > 0 else { continue }
            whole.add(audit.wall)
            floor.add(fed)
            each.add(audit.wall.seconds / fed.seconds)
        }
        return (whole, floor, each)
    }

    /// The same comparison in instructions (callgrind): the whole audit's, every thread's, against those libvterm
    /// executes fed the same output (`voz-bench --feed-libvterm`, counted inside `feedLibvterm` alone). Repeatable
    /// on a loaded machine, where the times are not; it counts work, so the audit's two cores do not show in it.
    private func instructions(_ figure: String, _ path: String) -> BenchRow {
        let row = figure + ": instructions (callgrind), the whole `voz audit --recording` beside libvterm alone"
        do {
            let whole = try InstructionCount.count(
                context.voz, ["audit", "--recording", path, "--format", "json"], environment: context.environment)
            let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let floor = try InstructionCount.count(
                executable, ["--feed-libvterm", path], only: "*feedLibvterm*", environment: context.environment)
            return BenchRow(
                row + ": " + Format.number(Double(whole) / Double(floor)) + "× libvterm alone",
                voz: Format.number(Double(whole) / 1e9) + " billion",
                alternative: "libvterm alone: " + Format.number(Double(floor) / 1e9) + " billion",
                ratio: Format.ratio(Double(floor), Double(whole)), goal: "reported")
        } catch {
            return .skipped(row, goal: "reported", reason: "\(error)")
        }
    }

    /// `voz-bench --feed-libvterm FILE`: the recording's output fed to libvterm alone, nothing else timed or
    /// counted, in a process of its own for callgrind to count.
    static func feedRecording(_ path: String) throws {
        let loaded = try CastRecording.load(path: path)
        feedLibvterm(loaded.events.filter { $0.code == "o" }.map(\.data), width: loaded.width, height: loaded.height)
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

    /// The output, event by event, into a libvterm screen with no callbacks: what any replay costs at least. Never
    /// inlined: callgrind counts the floor by this function's name.
    @inline(never)
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
