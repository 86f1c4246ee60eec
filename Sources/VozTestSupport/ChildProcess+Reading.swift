import Foundation
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Reading both pipes

extension ChildProcess {
    /// One of the parent's ends of the child's pipes.
    typealias End = RunningProcess.Channel

    /// Waits up to `timeout` for output or for the child's end, and returns what both pipes held, read together so
    /// a chatty child never blocks on a full one. Once the child has ended, returns at once with what is left.
    public func read(for timeout: Duration) -> (output: [UInt8], error: [UInt8]) {
        var nothing: ArraySlice<UInt8>?
        return pump(for: timeout, feeding: &nothing)
    }

    /// `read(for:)` that also writes `pending` to standard input as the child takes it, and closes standard input
    /// once all of it is written (nil: standard input is left alone).
    func pump(for timeout: Duration, feeding pending: inout ArraySlice<UInt8>?) -> (output: [UInt8], error: [UInt8]) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            feed(&pending)
            var got = drain()
            if !got.output.isEmpty || !got.error.isEmpty { return got }
            if reap(blocking: false) {
                // Written before the end but read only now; nothing later can come from the child itself.
                let rest = drain()
                got.output += rest.output
                got.error += rest.error
                return got
            }
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero { return got }
            // Short slices: the end of a child whose pipes a grandchild holds shows only in waitpid.
            let writing = pending.map { !$0.isEmpty } ?? false
            waitForPipes(upTo: min(left, .milliseconds(50)), writing: writing)
        }
    }

    /// Everything both pipes hold now, without waiting; a pipe at its end is closed.
    func drain() -> (output: [UInt8], error: [UInt8]) {
        (readAvailable(.output), readAvailable(.error))
    }

    /// Sleeps until a pipe has something to read (or room to write, when `writing`), or `limit` has passed.
    func waitForPipes(upTo limit: Duration, writing: Bool) {
        let (input, output, error) = (descriptor(.input), descriptor(.output), descriptor(.error))
        var watched = [output, error].filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        if writing, input >= 0 { watched.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
        if watched.isEmpty {
            SystemPollingClock().pause(limit)
        } else {
            _ = poll(&watched, nfds_t(watched.count), Self.milliseconds(limit))
        }
    }

    /// What one pipe holds now, without waiting; closes it at its end.
    func readAvailable(_ end: End) -> [UInt8] {
        process.readAvailable(end)
    }

    // MARK: - Reading standard output alone

    /// Waits as long as it takes for standard output to hold something, and returns up to `limit` bytes of it;
    /// empty at its end. For a reader that paces itself (a sound device takes audio no faster than it plays it).
    public func readOutput(atMost limit: Int) -> [UInt8] {
        while true {
            switch process.read(.output, waitingUpTo: .seconds(3_600), atMost: limit) {
            case .data(let bytes): return bytes
            case .quiet: continue
            case .closed: return []
            }
        }
    }

    /// Reads standard output until `done` holds for what came so far, its end, or `limit`, whichever is first,
    /// and returns what was read. The wait is for the time left, never a blind read: a child that prints nothing
    /// and stays up cannot hold the reader past the limit.
    public func readOutput(within limit: Duration, until done: ([UInt8]) -> Bool) -> [UInt8] {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var bytes: [UInt8] = []
        while !done(bytes) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            switch process.read(.output, waitingUpTo: left) {
            case .data(let more): bytes += more + readAvailable(.output)
            case .quiet: continue
            case .closed: return bytes
            }
        }
        return bytes
    }

    /// Reads standard output until it holds `text`, its end, or `limit`; returns what was read, as text.
    public func readOutput(until text: String, within limit: Duration) -> String {
        let bytes = readOutput(within: limit) { String(decoding: $0, as: UTF8.self).contains(text) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first line standard output carries (with whatever came in the same read), or what it carried by the
    /// end of `limit`: a server's address line.
    public func readFirstLine(within limit: Duration = .seconds(15)) -> String {
        String(decoding: readOutput(within: limit) { $0.contains(UInt8(ascii: "\n")) }, as: UTF8.self)
    }

    // MARK: - Descriptors

    func descriptor(_ end: End) -> Int32 {
        process.descriptor(end)
    }

    /// Closes this side of one pipe, once.
    func close(_ end: End) {
        process.close(end)
    }

    /// `duration` in whole milliseconds for poll, at least one so a wait never spins.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }
}
