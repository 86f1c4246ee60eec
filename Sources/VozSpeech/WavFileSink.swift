import Foundation
import Synchronization
import VozAnnouncer
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Writes each utterance to a 16-bit mono PCM WAV file: numbered files in a folder (`0001.wav`, …), or one
/// named file that every utterance overwrites (`voz say --wav FILE`).
///
/// What is said holds names and card digits: each file is written 0600 under a temporary name and renamed into
/// place when its utterance ends, so a symbolic link planted at its name is never written through; a folder Voz
/// makes is 0700, and a link at the named folder or file is refused.
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
        var temporary: String
        var name: String
        var path: String
        var sampleRate: Int
        var dataSize: Int
    }

    /// The folder or file the utterances are written to.
    public let destination: Destination
    private let folder: PrivateFolder
    private let current = Mutex<Open?>(nil)

    /// Makes the sink; for a folder, creates it (0700) if needed so a mistake is found before anything is said.
    public init(_ destination: Destination) throws(SpeechError) {
        self.destination = destination
        do throws(PrivateFile.Failure) {
            switch destination {
            case .directory(let directory):
                folder = try PrivateFolder.open(directory, refusingLink: true, creating: true)
                guard access(directory, W_OK) == 0 else {
                    throw PrivateFile.Failure.cannotWrite(path: directory, reason: String(cString: strerror(errno)))
                }
            case .file(let path):
                // The named file's folder is the person's, followed as any path is; the file itself is checked.
                folder = try PrivateFolder.open(PrivateFile.split(path).folder, refusingLink: false, creating: false)
                try folder.checkReplaceable(PrivateFile.split(path).name)
            }
        } catch {
            throw Self.speechError(error)
        }
    }

    private static func speechError(_ failure: PrivateFile.Failure) -> SpeechError {
        if case .isSymbolicLink(let path) = failure { return .audioIsLink(path: path) }
        return .cannotWriteAudio(path: failure.path, detail: failure.description)
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

    /// Creates the utterance's file under a temporary name, mode 0600, and writes a header that says no data yet.
    public func begin(utterance number: Int, sampleRate: Int) throws(SpeechError) {
        let path = file(forUtterance: number) ?? ""
        let name = (path as NSString).lastPathComponent
        let created: (name: String, descriptor: Int32)
        do throws(PrivateFile.Failure) {
            created = try folder.createTemporary(for: name)
        } catch {
            throw Self.speechError(error)
        }
        // The sizes are patched in `end`; until then the header says "no data", which readers accept.
        let header = WavHeader(sampleRate: sampleRate, dataSize: 0).bytes
        guard Self.writeAll(created.descriptor, header) else {
            let detail = String(cString: strerror(errno))
            close(created.descriptor)
            folder.remove(created.name)
            throw .cannotWriteAudio(path: path, detail: detail)
        }
        let opened = Open(
            descriptor: created.descriptor, temporary: created.name, name: name, path: path, sampleRate: sampleRate,
            dataSize: 0)
        current.withLock { open in
            if let previous = open { finish(previous) }
            open = opened
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
            if let file = open { finish(file) }
            open = nil
        }
    }

    /// Nothing to wait for: a file is complete when its utterance ends.
    public func drain() {}

    // MARK: - Files

    /// Patches the header, closes the file and renames it into place; a file that cannot be is removed.
    private func finish(_ file: Open) {
        let header = WavHeader(sampleRate: file.sampleRate, dataSize: file.dataSize).bytes
        _ = header.withUnsafeBytes { pwrite(file.descriptor, $0.baseAddress, $0.count, 0) }
        close(file.descriptor)
        do throws(PrivateFile.Failure) {
            try folder.finish(temporary: file.temporary, as: file.name)
        } catch {
            folder.remove(file.temporary)
        }
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
