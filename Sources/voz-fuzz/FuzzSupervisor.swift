import Foundation
import VozFuzzing
import VozTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the inputs in a worker process and watches it: a worker that dies mid-input crashed on it, one that spends
/// more than the limit's processor time on it (or stays silent past a wall-clock ceiling) hangs on it. Either way
/// the input is saved as a regression case and the run goes on from the next input, so one run finds every failure.
struct FuzzSupervisor {
    let seed: UInt64
    let count: Int
    let cliEvery: Int
    /// Where failing inputs are saved, one folder a target.
    let regressionFolder: URL
    /// Passed on to each worker (a planted failure, for the harness's own test).
    let workerArguments: [String]

    /// How much processor time one input may take, in process or through `voz` (5 s; the harness's own test makes
    /// it shorter).
    var hangLimit: Double = 5
    /// How long a worker may be silent whatever it spends: one blocked for good spends nothing. The worker holds a
    /// `voz` child to its own ceiling (`CLIRunner.wallCeiling`) and reports it before this runs out.
    var silenceLimit: Double { CLIRunner.wallCeiling(hangLimit) + 1 }

    private struct Failure {
        var kind: String
        var index: Int
        var throughCLI: Bool
    }

    /// What one worker heard of and found: the inputs it reported starting, in process and through `voz`.
    private struct Tally {
        var ran = 0
        var ranCLI = 0
        var failures: [Failure] = []
    }

    func run() -> Bool {
        let started = Date()
        var failures: [Failure] = []
        var ran = 0
        var ranCLI = 0
        var next = 0
        while next < count {
            guard let (stoppedAt, tally) = runWorker(from: next) else { return false }
            failures += tally.failures
            ran += tally.ran
            ranCLI += tally.ranCLI
            next = stoppedAt
        }
        let seconds = Date().timeIntervalSince(started)
        // A description that reads outside the fuzz folder is kept from `voz`: counted apart, never a failure.
        let skipped = failures.filter { $0.kind == "skipped" }.count
        failures.removeAll { $0.kind == "skipped" }
        let crashes = failures.filter { $0.kind == "crash" }.count
        let hangs = failures.filter { $0.kind == "hang" }.count
        let leaks = failures.filter { $0.kind == "leak" }.count
        // One line an oracle of the rich form surface, found or not, so a run shows what it looked for.
        let oracles = RichFormOracle.allCases.map { oracle in
            "\(failures.filter { $0.kind == "finding:\(oracle.rawValue)" }.count) \(oracle.rawValue)"
        }
        // Counted from the workers' own reports, so a run where nothing ran cannot say it ran everything.
        let cli = ranCLI - skipped
        let kept = skipped > 0 ? " (\(skipped) more kept from it: they read outside the fuzz folder)" : ""
        print(
            "voz-fuzz: \(ran) inputs, seed \(seed), \(cli) of them also through the voz binary\(kept): "
                + "\(crashes) crashes, \(hangs) hangs, \(leaks) control characters leaked to output, "
                + "\(String(format: "%.1f", seconds)) s; rich form findings: " + oracles.joined(separator: ", ") + ".")
        // An input that breaks several oracles, or one oracle in several places, is saved once.
        var saved: Set<Int> = []
        for failure in failures {
            guard failure.kind.hasPrefix("finding:") ? saved.insert(failure.index).inserted : true else { continue }
            let target = FuzzInputs.target(index: failure.index)
            let name = "seed-\(seed)-\(failure.index)\(failure.throughCLI ? "-cli" : "").\(target.fileExtension)"
            let folder = regressionFolder.appendingPathComponent(target.rawValue)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(name)
            try? FuzzInputs.make(seed: seed, index: failure.index).write(to: file)
            print("\(failure.kind) on input \(failure.index) (\(target.rawValue)); saved as \(file.path)")
        }
        return failures.isEmpty
    }

    /// Runs a worker from `start`; returns where the next worker starts and what this one found.
    ///
    /// Every wait is bounded: the worker's end is seen by `waitpid` even when something it started still holds its
    /// pipe, silence past the limit kills its whole process group, and its standard error is read beside its
    /// output so a chatty worker never blocks on a full pipe.
    private func runWorker(from start: Int) -> (Int, Tally)? {
        let arguments =
            [
                "--worker", "--seed", String(seed), "--from", String(start), "--to", String(count), "--cli-every",
                String(cliEvery), "--hang-limit", String(Int(hangLimit)),
            ] + workerArguments
        let worker: ChildProcess
        do {
            worker = try ChildProcess(executable: "/proc/self/exe", arguments: arguments, newProcessGroup: true)
        } catch {
            print("voz-fuzz: cannot start a worker: \(error)")
            return nil
        }
        // Whatever way this worker ends, nothing it started outlives it.
        defer {
            worker.kill()
            worker.closePipes()
            try? FileManager.default.removeItem(at: CLIRunner.folder(ofWorker: worker.pid))
        }
        var tally = Tally()
        var current = start
        var inCLI = false
        var pending: [UInt8] = []
        var errorHead: [UInt8] = []
        var lastHeard = ContinuousClock.now
        var spentWhenHeard = ProcessCPUTime.seconds(of: worker.pid) ?? 0
        while true {
            let got = worker.read(for: .milliseconds(250))
            if errorHead.count < 4_096 { errorHead += got.error.prefix(4_096 - errorHead.count) }
            pending += got.output
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self).split(separator: " ")
                pending.removeSubrange(...newline)
                guard let word = line.first else { continue }
                let index = line.count > 1 ? Int(line[1]) ?? current : current
                // Only the worker's own reports count as life: a stray writer on its pipe does not.
                if ["run", "cli", "cli-crash", "cli-hang", "cli-leak"].contains(word) {
                    lastHeard = .now
                    spentWhenHeard = ProcessCPUTime.seconds(of: worker.pid) ?? spentWhenHeard
                }
                switch word {
                case "run":
                    (current, inCLI) = (index, false)
                    tally.ran += 1
                case "cli":
                    (current, inCLI) = (index, true)
                    tally.ranCLI += 1
                case "cli-crash": tally.failures.append(Failure(kind: "crash", index: index, throughCLI: true))
                case "cli-hang": tally.failures.append(Failure(kind: "hang", index: index, throughCLI: true))
                case "cli-leak": tally.failures.append(Failure(kind: "leak", index: index, throughCLI: true))
                case "cli-skip": tally.failures.append(Failure(kind: "skipped", index: index, throughCLI: true))
                case "cli-finding" where line.count > 2:
                    tally.failures.append(Failure(kind: "finding:\(line[2])", index: index, throughCLI: true))
                case "done":
                    // Its work is over; it gets a moment to leave on its own.
                    worker.wait(upTo: .seconds(5))
                    return (count, tally)
                default: break
                }
            }
            if worker.exit != nil {
                // Ended before "done": the input it was on crashed it.
                tally.failures.append(Failure(kind: "crash", index: current, throughCLI: inCLI))
                Self.show(errorHead)
                return (current + 1, tally)
            }
            let spent = (ProcessCPUTime.seconds(of: worker.pid) ?? spentWhenHeard) - spentWhenHeard
            if spent > hangLimit || lastHeard.duration(to: .now) > .seconds(silenceLimit) {
                worker.kill()
                tally.failures.append(Failure(kind: "hang", index: current, throughCLI: inCLI))
                return (current + 1, tally)
            }
        }
    }

    /// The first words a crashed worker wrote to standard error (a trap's message, not its backtrace).
    private static func show(_ head: [UInt8]) {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\n").prefix(2)
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
