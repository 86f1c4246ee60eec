import Foundation
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a recording to its file as it is made, so a program that writes without pause costs disk (within the
/// recorder's limit), not memory.
///
/// Each event's line goes, as it comes, to a temporary file beside the destination. The header comes first in the
/// file but is known only at the end (the echo at each input, whether the output was cut), so `finish` writes a
/// second temporary file, header first and the events copied after it, and renames it over the destination: a link
/// planted at the destination is refused, never followed, and a half-written recording is never left.
public final class CastFileWriter {
    /// The destination, as the person named it.
    public let path: String
    private let format: CastRecording.Format
    private let folder: PrivateFolder
    private let name: String
    private let events: (name: String, descriptor: Int32)
    private var buffer: [UInt8] = []
    /// The time of the last event written, in microseconds, for v3's intervals.
    private var previous = 0
    private var failure: PrivateFile.Failure?
    private var finished = false

    /// Lines are gathered up to this many bytes before they are written.
    private static let bufferSize = 64 * 1024

    /// A writer of the recording at `path` in `format`; fails at once when the file could not be written there (a
    /// link, a folder, a missing folder), before any program is run.
    public init(path: String, format: CastRecording.Format = .v2) throws(PrivateFile.Failure) {
        self.path = path
        self.format = format
        let (folderPath, name) = PrivateFile.split(path)
        self.name = name
        folder = try PrivateFolder.open(folderPath, refusingLink: false, creating: false)
        events = try folder.createTemporary(for: name)
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes `event`'s line, after the ones before it.
    public func append(_ event: CastRecording.Event) {
        guard failure == nil else { return }
        buffer += CastRecording.eventLine(event, format: format, previous: &previous).utf8
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Writes the file: `recording`'s header, then every event appended, and puts it in place.
    public func finish(_ recording: CastRecording) throws(PrivateFile.Failure) {
        // v3's exit is its last event; v2 says it in the header.
        if let exit = recording.exitEvent(format, after: Double(previous) / 1_000_000) { append(exit) }
        flush()
        finished = true
        defer { discard() }
        if let failure { throw failure }
        let (temporary, file) = try folder.createTemporary(for: name)
        var done = Self.writeAll(file, Array(recording.headerLine(format).utf8)) && copyEvents(to: file)
        done = done && fsync(file) == 0
        let reason = String(cString: strerror(errno))
        close(file)
        guard done else {
            folder.remove(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
        try folder.finish(temporary: temporary, as: name)
    }

    /// Removes the events' temporary file; nothing is left of the recording.
    private func discard() {
        if events.descriptor >= 0 { close(events.descriptor) }
        folder.remove(events.name)
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        if !Self.writeAll(events.descriptor, buffer) {
            failure = .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Copies the events' temporary file after what `file` holds, a stretch at a time.
    private func copyEvents(to file: Int32) -> Bool {
        guard lseek(events.descriptor, 0, SEEK_SET) == 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: Self.bufferSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(events.descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return false }
            if count == 0 { return true }
            guard Self.writeAll(file, Array(chunk[..<count])) else { return false }
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
