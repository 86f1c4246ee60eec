import Foundation
import Testing
import VozTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `voz serve-demo` stops on a signal however soon after its address line it comes, and takes its temporary
/// database with it.
@Suite struct ServeDemoSignalTests {
    /// How one start and stop went, gathered on a thread of its own and checked in the test.
    struct Run: Sendable {
        var line: String
        var stopped: Bool
        var status: Int32
        var leftovers: [String]
    }

    /// Sent the moment the address is read: a signal source made after printing it once lost such a signal (3 runs
    /// in 40), and the service stayed up; ten runs a signal make that loss hard to miss.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalAsSoonAsTheAddressIsReadStopsTheService(signal: Int32) async throws {
        let runs = try await onOwnThread { try (0..<10).map { _ in try Self.startAndSignal(signal) } }
        for run in runs {
            #expect(run.line.hasPrefix("Demo service listening on http://127.0.0.1:"), "\(run.line)")
            #expect(run.stopped, "still running 5 s after the signal")
            #expect(run.status == 0)
            #expect(run.leftovers.isEmpty, "temporary database left behind: \(run.leftovers)")
        }
    }

    private static func startAndSignal(_ signal: Int32) throws -> Run {
        let process = try ChildProcess(
            executable: VozProcess.executable.path, arguments: ["serve-demo", "--port", "0"], error: .null,
            newProcessGroup: true)
        let line = process.readFirstLine()
        process.signal(signal)
        let deadline = ContinuousClock.now + .seconds(5)
        while !process.hasEnded, ContinuousClock.now < deadline { usleep(5_000) }
        let stopped = process.hasEnded
        let status = process.wait(upTo: .zero)?.status ?? -1
        let prefix = "voz-demo-\(process.pid)-"
        let temporary = FileManager.default.temporaryDirectory.path
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix(prefix) }
        for name in leftovers { try? FileManager.default.removeItem(atPath: temporary + "/" + name) }
        return Run(line: line, stopped: stopped, status: status, leftovers: leftovers)
    }
}
