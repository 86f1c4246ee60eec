import Foundation
import VozKit

/// Figure 9: `voz audit --recording` work (reading the asciicast, replaying it through libvterm, every recording
/// rule) on a generated one-hour recording of a progress bar redrawn ten times a second, against merely parsing
/// the same file's lines with Python's json module.
struct RecordingAuditBench {
    let context: BenchContext
    var seconds = 3600
    var runs = 3

    func rows() -> [BenchRow] {
        let goal = "< 2 s"
        let figure = "9. audit a 1-hour recording of a progress bar at 10 Hz (\(seconds * 10) events), loading included"
        do {
            let path = context.scratch + "/progress-1h.cast"
            try Data(Self.progressRecording(seconds: seconds, path: path).text().utf8).write(
                to: URL(fileURLWithPath: path))
            var findings = 0
            var samples = Samples()
            for run in 0...runs {
                let start = ContinuousClock.now
                let timeline = ScreenReplay.replay(try CastRecording.load(path: path))
                let result = Auditor.audit(
                    forms: [], transcripts: [], recordings: [timeline], formRules: [], transcriptRules: [])
                // The first run is a warm-up, and its findings are checked: a bench of an audit that found
                // nothing in a redrawn bar would measure a broken replay.
                if run == 0 { findings = result.violations.count } else { samples.add(ContinuousClock.now - start) }
            }
            guard findings > 0 else { throw BenchError.failed("the audit found nothing in the progress bar") }
            let python = try? pythonParse(path)
            return [
                BenchRow(
                    figure + " (\(runs) runs, \(findings) findings)", voz: Format.times(samples),
                    alternative: "python3 json.loads of each line: " + (python.map { Format.times($0) } ?? "—"),
                    ratio: Format.ratio(python?.median ?? 0, samples.median), goal: goal,
                    verdict: BenchRow.verdict(samples.median < 2))
            ]
        } catch {
            return [.skipped("8. audit a 1-hour recording", goal: goal, reason: "\(error)")]
        }
    }

    /// A tqdm-shaped bar: `\r 42%|████      | 1512/36000 [00:12<01:30, 10.00it/s]`, then a final line.
    static func progressRecording(seconds: Int, path: String) -> CastRecording {
        let total = seconds * 10
        var recording = CastRecording(path: path, width: 80, height: 24, environment: ["TERM": "xterm-256color"])
        recording.events.reserveCapacity(total + 1)
        for step in 0..<total {
            let done = step + 1
            let percent = done * 100 / total
            let filled = done * 40 / total
            let bar = String(repeating: "█", count: filled) + String(repeating: " ", count: 40 - filled)
            let elapsed = step / 10
            let data = "\r\(percent)%|\(bar)| \(done)/\(total) [\(elapsed / 60):\(elapsed % 60), 10.00it/s]"
            recording.events.append(CastRecording.Event(time: Double(step) / 10, code: "o", data: data))
        }
        recording.events.append(
            CastRecording.Event(time: Double(seconds), code: "o", data: "\r\nProcessed \(total) items.\r\n"))
        return recording
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
