import Foundation
import VozFuzzing
import VozTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs inputs in this process, telling the supervisor on standard output which one it is about to run: when
/// the process dies or stops answering, the last line names the input that did it.
struct FuzzWorker {
    let seed: UInt64
    /// Every this many inputs also goes through the real `voz` binary (0: never).
    let cliEvery: Int
    /// Seconds a `voz` child may take before it counts as hung.
    let hangLimit: Double
    var plantedCrash = -1
    var plantedHang = -1
    /// Leaves behind a process that keeps writing to this worker's output, then crashes: the supervisor must see
    /// the end of the worker, not wait for the end of its pipe.
    var plantedOrphan = -1
    /// Only this target's inputs run (`--target` or `FUZZ_ONLY`), to spend a long run on one surface; nil runs every
    /// target in turn. The indices stay those of the whole run, so a saved input replays the same.
    var only: FuzzTarget?

    func run(from start: Int, to end: Int) async {
        let cli = cliEvery > 0 ? CLIRunner(hangLimit: hangLimit) : nil
        defer { cli?.removeFiles() }
        for index in start..<max(start, end) {
            let target = FuzzInputs.target(index: index)
            if let only, target != only { continue }
            report("run \(index)")
            let input = FuzzInputs.make(seed: seed, index: index)
            if index == plantedCrash { fatalError("planted crash on input \(index)") }
            // A planted hang spins, as a parser's endless loop does: the oracle counts processor time.
            if index == plantedHang { while true { _ = getpid() } }
            if index == plantedOrphan { plantOrphan() }
            await FuzzRunner.run(target, input)
            // Whole rounds of targets go through `voz`, so every surface reaches the binary; every rich form does,
            // since its oracles are about what the binary prints, writes and sends.
            guard FuzzInputs.goesThroughVoz(index: index, every: cliEvery) || (cliEvery > 0 && target == .richForm),
                let cli
            else { continue }
            report("cli \(index)")
            let outcome: CLIRunner.Outcome
            if target == .richForm {
                let (ended, findings) = cli.runRichForm(input)
                for (oracle, place) in findings {
                    report("cli-finding \(index) \(oracle.rawValue) \(place.replacingOccurrences(of: "\n", with: " "))")
                }
                outcome = ended
            } else {
                outcome = await cli.run(target, input)
            }
            switch outcome {
            case .finished: break
            case .skipped: report("cli-skip \(index)")
            case .crashed(let signal): report("cli-crash \(index) \(signal)")
            case .hung: report("cli-hang \(index)")
            case .leaked: report("cli-leak \(index)")
            }
        }
        report("done")
    }

    private func plantOrphan() -> Never {
        let chatter = "while :; do echo chatter; sleep 0.2; done"
        // Inherits this worker's output pipe and holds it after the worker is gone.
        let orphan = try? ChildProcess(
            executable: "/bin/sh", arguments: ["-c", chatter, "voz-fuzz-planted-orphan-\(seed)"], output: .inherited,
            error: .inherited)
        withExtendedLifetime(orphan) { fatalError("planted crash after leaving a process on the pipe") }
    }

    /// One line, written at once and unbuffered, so it is out before any crash that follows.
    private func report(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
