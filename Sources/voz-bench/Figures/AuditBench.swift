import Foundation
import VozKit
import VozSupport
import VozTestSupport
import VozTranscript

/// Figure 5: `Auditor.audit` on a form of 1,000 fields and on a transcript of 100,000 events, loading included,
/// against merely parsing the same files with Python's json module; and the peak memory of `voz audit` on each.
struct AuditBench {
    let context: BenchContext
    var fieldCount = 1_000
    var eventCount = 100_000
    var runs = 5

    func rows() -> [BenchRow] {
        let formGoal = "< 100 ms", transcriptGoal = "< 500 ms"
        do {
            let formPath = context.scratch + "/form-1000.json"
            let transcriptPath = context.scratch + "/transcript-100000.jsonl"
            try AuditFixtures.writeForm(fields: fieldCount, to: formPath)
            try AuditFixtures.writeTranscript(events: eventCount, from: try sessionEvents(), to: transcriptPath)
            let sessionForm = try FormFile.load(path: context.form).form

            let form = try Samples.timed(runs) {
                let document = try FormFile.load(path: formPath, forAudit: true)
                _ = Auditor.audit(forms: [document], transcripts: [])
            }
            let formMemory = try PeakMemory.measure(
                context.voz, ["audit", formPath, "--format", "json"], environment: context.environment,
                scratch: context.scratch)
            // The child run gives the transcript's memory and a first time; repeated in-process only when that
            // is quick, so a slow audit cannot push the bench past its three minutes.
            let transcriptMemory = try PeakMemory.measure(
                context.voz, ["audit", "--transcript", transcriptPath, "--form", context.form, "--format", "json"],
                environment: context.environment, scratch: context.scratch)
            // 0: no finding, 1: findings; anything else means the audit did not run.
            guard formMemory.status <= 1, transcriptMemory.status <= 1 else {
                throw BenchError.failed("voz audit exited with \(max(formMemory.status, transcriptMemory.status))")
            }
            var transcript = Samples([transcriptMemory.wall.seconds])
            var transcriptHow = "1 run, `voz audit` in a child"
            if transcriptMemory.wall < .seconds(5) {
                transcript = try Samples.timed(runs) {
                    let loaded = try Transcript.load(path: transcriptPath, form: sessionForm)
                    _ = Auditor.audit(forms: [], transcripts: [loaded])
                }
                transcriptHow = "\(runs) runs"
            }
            // The alternative is only a yardstick: without Python the Voz figures still stand.
            let python = try? pythonParse(form: formPath, transcript: transcriptPath)
            let pythonMemory = try? PeakMemory.measure(
                "/usr/bin/python3", ["-c", Self.pythonLoadBoth, formPath, transcriptPath],
                environment: context.environment, scratch: context.scratch)
            let none = Samples()
            return [
                BenchRow(
                    "5. audit a form of \(fieldCount) fields, loading included (\(runs) runs)",
                    voz: Format.times(form),
                    alternative: "python3 json.load of it: " + Format.times(python?.form ?? none),
                    ratio: Format.ratio((python?.form ?? none).median, form.median), goal: formGoal,
                    verdict: BenchRow.verdict(form.median < 0.1)),
                BenchRow(
                    "5. audit a transcript of \(eventCount) events, loading included (\(transcriptHow))",
                    voz: Format.times(transcript),
                    alternative: "python3 json.loads of each line: " + Format.times(python?.transcript ?? none),
                    ratio: Format.ratio((python?.transcript ?? none).median, transcript.median), goal: transcriptGoal,
                    verdict: BenchRow.verdict(transcript.median < 0.5)),
                BenchRow(
                    "5. audit peak memory, `voz audit` in a child (form / transcript)",
                    voz: Format.mebibytes(formMemory.bytes) + " / " + Format.mebibytes(transcriptMemory.bytes),
                    alternative: "python3 loading both: " + (pythonMemory.map { Format.mebibytes($0.bytes) } ?? "—"),
                    ratio: Format.ratio(Double(pythonMemory?.bytes ?? 0), Double(transcriptMemory.bytes)),
                    goal: "reported"),
            ]
        } catch {
            return [.skipped("5. audit", goal: "\(formGoal), \(transcriptGoal)", reason: "\(error)")]
        }
    }

    /// A real session's events: `voz demo` answering from a file, text only, transcript kept.
    private func sessionEvents() throws -> [TranscriptEvent] {
        let path = context.scratch + "/session.jsonl"
        let (_, exit) = try ChildProcess.timed(
            context.voz,
            [
                "demo", "--speech", "none", "--answers", try context.answersFile(), "--no-draft", "--transcript", path,
                "--log", context.scratch + "/audit-demo.log",
            ], environment: context.environment)
        guard exit == .exited(0) else { throw BenchError.failed("voz demo ended with \(exit)") }
        return try Transcript.load(path: path).events
    }

    // MARK: - Python, the alternative

    static let pythonLoadBoth = """
        import json, sys
        json.load(open(sys.argv[1]))
        [json.loads(line) for line in open(sys.argv[2]) if line.strip()]
        """

    /// Python's json module timed inside Python, so its start-up is not counted against it.
    private func pythonParse(form: String, transcript: String) throws -> (form: Samples, transcript: Samples) {
        let script = """
            import json, sys, time
            def timed(body):
                body()
                out = []
                for _ in range(\(runs)):
                    start = time.perf_counter(); body(); out.append(time.perf_counter() - start)
                return out
            f = timed(lambda: json.load(open(sys.argv[1])))
            t = timed(lambda: [json.loads(line) for line in open(sys.argv[2]) if line.strip()])
            print(" ".join(map(repr, f))); print(" ".join(map(repr, t)))
            """
        let child = try ChildProcess(
            "/usr/bin/python3", ["-c", script, form, transcript], environment: context.environment)
        let lines = child.readText().split(separator: "\n")
        child.wait()
        guard lines.count == 2 else { throw BenchError.failed("python3 printed \(lines.count) lines") }
        let parse = { (line: Substring) in Samples(line.split(separator: " ").compactMap { Double($0) }) }
        return (parse(lines[0]), parse(lines[1]))
    }
}
