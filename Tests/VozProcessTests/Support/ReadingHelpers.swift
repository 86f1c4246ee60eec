import Synchronization
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

extension RunningProcess {
    /// What `channel` carried until it held `text`, closed, or `limit` passed.
    func text(from channel: Channel, until text: String, within limit: Duration) -> String {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var bytes: [UInt8] = []
        while !String(decoding: bytes, as: UTF8.self).contains(text) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            switch read(channel, waitingUpTo: left) {
            case .data(let more): bytes += more
            case .quiet: continue
            case .closed: return String(decoding: bytes, as: UTF8.self)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Everything `channel` carried until it closed or `limit` passed.
    func text(from channel: Channel, within limit: Duration) -> String {
        text(from: channel, until: "\u{0}never\u{0}", within: limit)
    }
}

/// Whether `pid` still runs: gone, or ended and waiting for a parent to read its status (a container's first
/// process may reap nobody), are both not running.
func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 512)
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0, let end = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), end + 2 < count else { return false }
    let state = buffer[end + 2]
    return state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")
}

/// A clock a test moves: each pause moves it on by the pause, at once, and counts.
final class SteppingClock: PollingClock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    private let state = Mutex((time: Duration.zero, pauses: 0))

    var now: Instant { Instant(offset: state.withLock { $0.time }) }
    var pauses: Int { state.withLock { $0.pauses } }

    func pause(_ duration: Duration) {
        state.withLock {
            $0.time += duration
            $0.pauses += 1
        }
        // A real moment, so the processes a test waits on get to run.
        usleep(1_000)
    }
}
