import Foundation
import Synchronization
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a session's transcript as JSON Lines, one `TranscriptEvent` a line, each line handed to the kernel
/// as soon as it is written, so a killed session still leaves a readable file.
///
/// The file is created with mode 0600: it holds what the user typed (secrets only as `hidden`, but still).
/// Only a file is created or changed; a device the person names is written to as it is.
public final class TranscriptWriter: Sendable {
    /// The transcript file's path, as given.
    public let path: String
    /// The time since the transcript's clock started.
    private let elapsed: @Sendable () -> Duration
    private let descriptor: Mutex<Int32>

    /// Creates (or empties) the file at `path`; the session's clock starts now, on `clock`. A symbolic link at
    /// `path` is refused, never followed: one planted in a shared folder would otherwise have Voz empty the file it
    /// points to.
    public convenience init(path: String, clock: any Clock<Duration> = ContinuousClock()) throws(TranscriptError) {
        let stopwatch = Stopwatch(clock)
        try self.init(path: path, elapsed: { stopwatch.elapsed })
    }

    /// Creates (or empties) the file at `path`, its times counted from `start` on the wall clock.
    public convenience init(path: String, start: ContinuousClock.Instant) throws(TranscriptError) {
        try self.init(path: path, elapsed: { start.duration(to: .now) })
    }

    private init(path: String, elapsed: @escaping @Sendable () -> Duration) throws(TranscriptError) {
        // Only a file is emptied and narrowed to 0600, after its type is checked; a pipe nobody reads is refused
        // at once instead of holding the run, and a device the person named (/dev/null) is written to unchanged.
        let descriptor: Int32
        do throws(PrivateFile.Failure) {
            descriptor = try PrivateFile.openForWriting(path, truncating: true, acceptingDevice: true)
        } catch {
            switch error {
            case .isSymbolicLink: throw .isLink(path: path)
            case .notAFile: throw .notAFile(path: path)
            default: throw .cannotWrite(path: path, detail: error.description)
            }
        }
        self.path = path
        self.elapsed = elapsed
        self.descriptor = Mutex(descriptor)
    }

    deinit {
        descriptor.withLock { descriptor in
            if descriptor >= 0 { Glibc.close(descriptor) }
        }
    }

    /// Milliseconds since the transcript was opened.
    public var elapsedMilliseconds: Int {
        let elapsed = elapsed()
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Appends `event`, stamping its `time` with the milliseconds since the transcript was opened — or with `time`
    /// when given, for an event written later than it happened (one held until its audio was known).
    public func write(_ event: TranscriptEvent, time: Int? = nil) {
        var event = event
        event.time = time ?? elapsedMilliseconds
        var line = JSONWriter().bytes(event.json)
        line.append(0x0A)
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            // One write(2) a line: lines from concurrent writers never interleave.
            _ = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// Closes the file; later writes are ignored.
    public func close() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = -1
        }
    }
}
