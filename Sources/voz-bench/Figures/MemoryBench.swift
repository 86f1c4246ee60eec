import Foundation
import VozKit

/// Figure 6: the peak memory of a whole `voz demo` session that creates an account with speech rendered to WAV,
/// against `espeak-ng` rendering the same sentences.
struct MemoryBench {
    let context: BenchContext
    var runs = 3

    /// Issue 28 §5: with the network stack loaded only when needed, a whole session in 32 MiB.
    static let goal = "≤ 32 MiB"

    func rows() -> [BenchRow] {
        do {
            var peaks: [Int] = []
            var sentences: [String] = []
            for run in 0..<runs {
                let folder = context.scratch + "/demo-\(run)"
                let transcript = folder + ".jsonl"
                let (bytes, status, _) = try PeakMemory.measure(
                    context.voz,
                    [
                        "demo", "--speech", "wav:" + folder, "--answers", try context.answersFile(), "--no-draft",
                        "--transcript", transcript, "--log", folder + ".log",
                    ], environment: context.environment, scratch: context.scratch)
                guard status == 0 else { throw BenchError.failed("voz demo exited with \(status)") }
                let events = try Transcript.load(path: transcript).events
                guard events.contains(where: { $0.state == .completed }) else {
                    throw BenchError.failed("the demo session did not create the account")
                }
                sentences = events.filter { $0.kind == .prompt || $0.kind == .announcement }.compactMap(\.text)
                peaks.append(bytes)
            }
            let textFile = context.scratch + "/sentences.txt"
            try sentences.joined(separator: "\n").write(toFile: textFile, atomically: true, encoding: .utf8)
            var espeakPeaks: [Int] = []
            for _ in 0..<runs {
                let (bytes, status, _) = try PeakMemory.measure(
                    BenchContext.espeak,
                    context.espeakArguments + ["-w", context.scratch + "/espeak.wav", "-f", textFile],
                    environment: context.espeakEnvironment, scratch: context.scratch)
                guard status == 0 else { throw BenchError.failed("espeak-ng exited with \(status)") }
                espeakPeaks.append(bytes)
            }
            let voz = peaks.sorted()[peaks.count / 2]
            let espeak = espeakPeaks.sorted()[espeakPeaks.count / 2]
            return [
                BenchRow(
                    "6. memory: peak RSS of a whole `voz demo` session, speech to WAV (median of \(runs))",
                    voz: Format.mebibytes(voz),
                    alternative: "espeak-ng rendering its \(sentences.count) sentences: " + Format.mebibytes(espeak),
                    ratio: Format.ratio(Double(espeak), Double(voz)), goal: Self.goal,
                    verdict: BenchRow.verdict(Double(voz) <= 32 * 1_048_576))
            ]
        } catch {
            return [.skipped("6. memory of a `voz demo` session", goal: Self.goal, reason: "\(error)")]
        }
    }
}
