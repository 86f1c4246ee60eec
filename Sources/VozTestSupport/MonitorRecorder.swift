import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `parec` on a monitor source, read as it arrives so each chunk carries the time it was captured.
public final class MonitorRecorder: Sendable {
    private struct State {
        var samples: [Int16] = []
        var arrivals: [(at: ContinuousClock.Instant, count: Int)] = []
        var pending: [UInt8] = []
    }

    public let rate: Int
    private let child: ChildProcess
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    public init(environment: [String: String], device: String, rate: Int, latencyMilliseconds: Int = 10) throws {
        self.rate = rate
        child = try ChildProcess(
            executable: "/usr/bin/parec",
            arguments: [
                "-d", device, "--format=s16le", "--rate=\(rate)", "--channels=1",
                "--latency-msec=\(latencyMilliseconds)", "--raw",
            ],
            environment: environment, error: .null)
        Thread.detachNewThread { [self] in
            while true {
                let data = self.child.readOutput(atMost: 65_536)
                if data.isEmpty { break }
                let now = ContinuousClock.now
                self.state.withLock { state in
                    state.pending.append(contentsOf: data)
                    let whole = state.pending.count / 2 * 2
                    var chunk = [Int16](repeating: 0, count: whole / 2)
                    chunk.withUnsafeMutableBytes { $0.copyBytes(from: state.pending[0..<whole]) }
                    state.pending.removeFirst(whole)
                    state.samples.append(contentsOf: chunk)
                    state.arrivals.append((now, state.samples.count))
                }
            }
            self.finished.signal()
        }
    }

    /// Everything captured so far.
    public var snapshot: [Int16] { state.withLock { $0.samples } }

    /// How many samples have arrived so far.
    public var count: Int { state.withLock { $0.samples.count } }

    /// The last `count` samples captured (fewer at the start).
    public func last(_ count: Int) -> [Int16] {
        state.withLock { Array($0.samples.suffix(count)) }
    }

    /// Stops `parec` and returns everything captured, with each chunk's arrival time and running total.
    public func stop() -> (samples: [Int16], arrivals: [(at: ContinuousClock.Instant, count: Int)]) {
        child.signal(SIGTERM)
        _ = finished.wait(timeout: .now() + 2)
        // Gone by now unless it ignored the request; either way not left behind.
        child.wait(upTo: .seconds(1))
        return state.withLock { ($0.samples, $0.arrivals) }
    }
}
