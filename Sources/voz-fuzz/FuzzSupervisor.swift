import Foundation
import VozFuzzing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the inputs in a worker process and watches it: a worker that dies mid-input crashed on it, one silent
/// for longer than the limit hangs on it. Either way the input is saved as a regression case and the run goes on
/// from the next input, so one run finds every failure.
struct FuzzSupervisor {
    let seed: UInt64
    let count: Int
    let cliEvery: Int
    /// Where failing inputs are saved, one folder a target.
    let regressionFolder: URL
    /// Passed on to each worker (a planted failure, for the harness's own test).
    let workerArguments: [String]

    /// How long one input may take in process (5 s) plus a margin for a loaded machine; the worker holds a
    /// `voz` child to five seconds itself and reports it before this runs out.
    static let silenceLimit: Double = 6

    private struct Failure {
        var kind: String
        var index: Int
        var throughCLI: Bool
    }

    func run() -> Bool {
        let started = Date()
        var failures: [Failure] = []
        var next = 0
        while next < count {
            guard let (stoppedAt, found) = runWorker(from: next) else { return false }
            failures += found
            next = stoppedAt
        }
        let seconds = Date().timeIntervalSince(started)
        let crashes = failures.filter { $0.kind == "crash" }.count
        let hangs = failures.count - crashes
        let cli = cliEvery > 0 ? (count + cliEvery - 1) / cliEvery : 0
        print(
            "voz-fuzz: \(count) inputs, seed \(seed), \(cli) of them also through the voz binary: "
                + "\(crashes) crashes, \(hangs) hangs, \(String(format: "%.1f", seconds)) s.")
        for failure in failures {
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
    private func runWorker(from start: Int) -> (Int, [Failure])? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments =
            [
                "--worker", "--seed", String(seed), "--from", String(start), "--to", String(count), "--cli-every",
                String(cliEvery),
            ] + workerArguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            print("voz-fuzz: cannot start a worker: \(error)")
            return nil
        }
        // Only the worker may hold the write end, or its death would never read as the end of the pipe.
        try? pipe.fileHandleForWriting.close()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var failures: [Failure] = []
        var current = start
        var inCLI = false
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(Self.silenceLimit * 1000))
            if ready < 0, errno == EINTR { continue }
            if ready == 0 {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                failures.append(Failure(kind: "hang", index: current, throughCLI: inCLI))
                return (current + 1, failures)
            }
            let got = read(descriptor, &buffer, buffer.count)
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            pending += buffer[0..<got]
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self).split(separator: " ")
                pending.removeSubrange(...newline)
                guard let word = line.first else { continue }
                let index = line.count > 1 ? Int(line[1]) ?? current : current
                switch word {
                case "run": (current, inCLI) = (index, false)
                case "cli": (current, inCLI) = (index, true)
                case "cli-crash": failures.append(Failure(kind: "crash", index: index, throughCLI: true))
                case "cli-hang": failures.append(Failure(kind: "hang", index: index, throughCLI: true))
                case "done":
                    process.waitUntilExit()
                    return (count, failures)
                default: break
                }
            }
        }
        process.waitUntilExit()
        failures.append(Failure(kind: "crash", index: current, throughCLI: inCLI))
        return (current + 1, failures)
    }
}
