import Foundation
import Synchronization
import VozAnnouncer

#if canImport(Glibc)
    import Glibc
#endif

/// Writes each utterance to a 16-bit mono PCM WAV file: numbered files in a folder (`0001.wav`, …), or one
/// named file that every utterance overwrites (`voz say --wav FILE`).
public final class WavFileSink: AudioSink {
    /// Where the files go.
    public enum Destination: Sendable, Equatable {
        /// `DIR/0001.wav`, `DIR/0002.wav`, … by utterance number.
        case directory(String)
        /// Always this file.
        case file(String)
    }

    private struct Open {
        var descriptor: Int32
        var path: String
        var sampleRate: Int
        var dataSize: Int
    }

    /// The folder or file the utterances are written to.
    public let destination: Destination
    private let current = Mutex<Open?>(nil)

    /// Makes the sink; for a folder, creates it if needed so a mistake is found before anything is said.
    public init(_ destination: Destination) throws(SpeechError) {
        self.destination = destination
        if case .directory(let directory) = destination {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotWriteAudio(path: directory, detail: "\(error)")
            }
            guard access(directory, W_OK) == 0 else {
                throw .cannotWriteAudio(path: directory, detail: String(cString: strerror(errno)))
            }
        }
    }

    // MARK: - AudioSink

    /// `DIR/0001.wav` for utterance 1 and so on, or the one file.
    public func file(forUtterance number: Int) -> String? {
        switch destination {
        case .directory(let directory):
            let name = String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number) + ".wav"
            return (directory as NSString).appendingPathComponent(name)
        case .file(let path):
            return path
        }
    }

    /// Creates (or empties) the utterance's file, mode 0644, and writes a header that says no data yet.
    public func begin(utterance number: Int, sampleRate: Int) throws(SpeechError) {
        let path = file(forUtterance: number) ?? ""
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWriteAudio(path: path, detail: String(cString: strerror(errno))) }
        // The sizes are patched in `end`; until then the header says "no data", which readers accept.
        let header = WavHeader(sampleRate: sampleRate, dataSize: 0).bytes
        guard Self.writeAll(descriptor, header) else {
            close(descriptor)
            throw .cannotWriteAudio(path: path, detail: String(cString: strerror(errno)))
        }
        current.withLock { open in
            if let previous = open { Self.finish(previous) }
            open = Open(descriptor: descriptor, path: path, sampleRate: sampleRate, dataSize: 0)
        }
    }

    /// Appends `samples`; false when the file cannot be written.
    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        current.withLock { open in
            guard var file = open else { return false }
            let bytes = UnsafeRawBufferPointer(samples)
            // eSpeak NG hands native-endian samples; WAV is little-endian, as is every machine Voz runs on.
            guard Self.writeAll(file.descriptor, bytes) else { return false }
            file.dataSize += bytes.count
            open = file
            return true
        }
    }

    /// Writes the sizes into the header and closes the file; an interrupted utterance keeps what was written.
    public func end(interrupted: Bool) {
        current.withLock { open in
            if let file = open { Self.finish(file) }
            open = nil
        }
    }

    /// Nothing to wait for: a file is complete when its utterance ends.
    public func drain() {}

    // MARK: - Files

    private static func finish(_ file: Open) {
        let header = WavHeader(sampleRate: file.sampleRate, dataSize: file.dataSize).bytes
        _ = header.withUnsafeBytes { pwrite(file.descriptor, $0.baseAddress, $0.count, 0) }
        close(file.descriptor)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
