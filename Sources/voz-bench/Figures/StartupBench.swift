import Foundation
import VozTestSupport

/// Figure 3: how long `voz run` takes to say its first line, text only and with eSpeak NG started, against
/// `espeak-ng` saying one word from start to exit.
struct StartupBench {
    let context: BenchContext
    var runs = 30

    static let goal = "< 30 ms to the first line"

    func rows() -> [BenchRow] {
        do {
            let word = try espeakOneWord()
            let wavFolder = context.scratch + "/startup-wav"
            var rows: [BenchRow] = []
            for (name, speech) in [
                ("--speech none", "none"), ("--speech wav:DIR (eSpeak NG started)", "wav:" + wavFolder),
            ] {
                let voz = try firstLine(speech: speech)
                rows.append(
                    BenchRow(
                        "3. start-up: voz run \(name) → first line (\(runs) runs)", voz: Format.times(voz),
                        alternative: "espeak-ng -w /dev/null word, to exit: " + Format.times(word),
                        ratio: Format.ratio(word.median, voz.median), goal: Self.goal,
                        verdict: BenchRow.verdict(voz.median < 0.03)))
            }
            return rows
        } catch {
            return [.skipped("3. start-up", goal: Self.goal, reason: "\(error)")]
        }
    }

    /// Spawn → the first line on stdout; stdin stays open so voz waits for an answer, and is then killed.
    private func firstLine(speech: String) throws -> Samples {
        var samples = Samples()
        let arguments = [
            "run", context.form, "--speech", speech, "--no-draft", "--log", context.scratch + "/startup.log",
        ]
        for run in 0..<(runs + 3) {
            let child = try ChildProcess(
                context.voz, arguments, environment: context.environment, keepInputOpen: true)
            let line = child.firstLine()
            child.signal(SIGKILL)
            child.wait()
            guard let line else { throw BenchError.failed("voz run printed nothing") }
            if run >= 3 { samples.add(line - child.started) }
        }
        return samples
    }

    /// `espeak-ng` started, saying one word to nowhere, and ended.
    private func espeakOneWord() throws -> Samples {
        var samples = Samples()
        for run in 0..<(runs + 3) {
            let (wall, exit) = try ChildProcess.timed(
                BenchContext.espeak, context.espeakArguments + ["-w", "/dev/null", "Nombre"],
                environment: context.espeakEnvironment)
            guard exit == .exited(0) else { throw BenchError.failed("espeak-ng ended with \(exit)") }
            if run >= 3 { samples.add(wall) }
        }
        return samples
    }
}
