import Foundation
import Testing
import VozFuzzing
import VozTestSupport
import VozTestTraits

/// The harness itself, through the real `voz-fuzz`: a planted crash, a planted hang and a crash that leaves a
/// process writing on the worker's pipe are each found, saved and passed, and the run ends in seconds. A clean
/// run goes through the `voz` binary too.
@Suite(.ownThread) struct FuzzHarnessTests {
    /// The `voz-fuzz` executable SwiftPM built beside the test bundle.
    static var executable: URL {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundleFolder.appendingPathComponent("voz-fuzz")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return bundleFolder.deletingLastPathComponent().appendingPathComponent("voz-fuzz")
    }

    /// The supervisor once stalled on a pipe whose write end something else still held: it waited for an end of
    /// file that never came. Here the worker crashes on input 2 after starting a process that keeps writing to
    /// its pipe, and hangs on input 4 (a 3 s limit); the run must see both and end well before any limit a stall
    /// would reach.
    @Test func aCrashThatLeavesAWriterOnThePipeAndAHangAreFoundAndTheRunEnds() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-fuzz-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The workers' folders go to a temporary directory of this test's own, so no other run's can pass or fail it.
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // A seed of its own names the planted process, so only this run's is looked for.
        let seed = UInt64.random(in: 1_000_000...9_999_999)
        let run = try await ChildProcess.run(
            executable: Self.executable.path,
            arguments: [
                "--count", "6", "--seed", String(seed), "--cli-every", "1000", "--hang-limit", "3", "--plant-orphan",
                "2",
                "--plant-hang", "4", "--fixtures", folder.path,
            ],
            environment: ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 },
            limit: .seconds(90))
        #expect(run.exit == .exited(1), "\(run.output)\(run.error)")
        #expect(run.output.contains(": 1 crashes, 1 hangs,"), "\(run.output)")
        #expect(run.output.contains("crash on input 2"))
        #expect(run.output.contains("hang on input 4"))
        #expect(run.seconds < 45, "a stalled supervisor waits for the end of a pipe that never comes")
        let saved = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        #expect(Self.workerFolders(in: temporary).isEmpty, "a crashed or killed worker's files were left behind")
        #expect(saved.contains { $0.hasSuffix("seed-\(seed)-2.jsonl") }, "\(saved)")
        #expect(saved.contains { $0.hasSuffix("seed-\(seed)-4.yaml") }, "\(saved)")
        #expect(Self.processes(named: "voz-fuzz-planted-orphan-\(seed)").isEmpty, "the planted writer outlived the run")
    }

    @Test func aCleanRunSaysSoAndSucceeds() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-fuzz-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await ChildProcess.run(
            executable: Self.executable.path,
            arguments: ["--count", "20", "--seed", "5", "--cli-every", "10", "--fixtures", folder.path],
            limit: .seconds(90))
        #expect(run.exit == .exited(0), "\(run.output)\(run.error)")
        // The first round of targets goes through the binary, one input of each.
        let throughVoz = (0..<20).filter {
            FuzzInputs.goesThroughVoz(index: $0, every: 10) || FuzzInputs.target(index: $0) == .richForm
        }.count
        // Special references that read outside the fuzz folder are kept from the binary and counted apart.
        let head = "voz-fuzz: 20 inputs, seed 5, "
        let sent = Int(run.output.dropFirst(head.count).prefix { $0.isNumber }) ?? -1
        let kept = run.output.components(separatedBy: " more kept from it").first.flatMap { before in
            Int(before.reversed().prefix { $0.isNumber }.reversed().map(String.init).joined())
        }
        #expect(run.output.hasPrefix(head) && sent + (kept ?? 0) == throughVoz, "\(run.output)")
        #expect(run.output.contains(": 0 crashes, 0 hangs, 0 control characters leaked to output"), "\(run.output)")
        // Whole rounds of targets by --cli-every, and every rich form besides; none broke an oracle.
        #expect(run.output.contains("rich form findings: 0 secret, 0 api-key, 0 header-injection, 0 path-traversal"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// The workers' folders in `temporary` now.
    static func workerFolders(in temporary: URL) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        return Set(names.filter { $0.hasPrefix("voz-fuzz-") && Int($0.dropFirst("voz-fuzz-".count)) != nil })
    }

    /// Processes whose command line holds `name`, from /proc.
    static func processes(named name: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int(entry) != nil, let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else {
                return false
            }
            return String(decoding: line, as: UTF8.self).contains(name)
        }
    }
}
