import Dispatch
import Foundation
import VozLocalization
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reads lines from a file descriptor — the terminal, a pipe or an answers file — for the session.
///
/// Reading blocks, so it happens on a queue of its own; the session awaits each line. On a terminal, a secret is
/// read with echo off from before its prompt is shown, and echo is restored right after (and by `TerminalModes`
/// on every exit path, Ctrl-C included).
public final class TerminalLineSource: LineSource, @unchecked Sendable {
    /// Lines longer than this are cut here; the session refuses them with a sentence rather than holding
    /// megabytes of pasted text.
    public static let maximumLineBytes = 1 << 20

    private let descriptor: Int32
    private let queue = DispatchQueue(label: "voz.input")
    /// Bytes read past the last line; touched only on `queue`.
    private var pending: [UInt8] = []
    private var atEnd = false
    private let closesDescriptor: Bool

    /// Whether this source is an interactive terminal.
    public let isTerminal: Bool

    /// The answers file read, as named to `open(path:)`; nil for standard input.
    public let answersFile: String?

    /// A terminal is a person typing; a pipe or an answers file is a script.
    public var isInteractive: Bool { isTerminal }

    /// Lines from standard input: the terminal, or whatever was piped in.
    public static var standardInput: TerminalLineSource { TerminalLineSource(descriptor: STDIN_FILENO) }

    /// Lines from `descriptor`, which is closed with the source when `closesDescriptor` is set.
    public convenience init(descriptor: Int32, closesDescriptor: Bool = false) {
        self.init(descriptor: descriptor, closesDescriptor: closesDescriptor, answersFile: nil)
    }

    private init(descriptor: Int32, closesDescriptor: Bool, answersFile: String?) {
        self.descriptor = descriptor
        self.closesDescriptor = closesDescriptor
        self.answersFile = answersFile
        isTerminal = isatty(descriptor) == 1
    }

    /// Why an answers file could not be opened.
    public struct OpenFailure: Error, CustomStringConvertible {
        /// The file named; nil for standard input.
        public var path: String?
        /// What the system said, as a phrase; nil when the name is a folder.
        public var reason: String?
        /// The system's error number when the file could not be opened.
        public var errorNumber: Int32?
        /// The sentence printed when the file cannot be read.
        public var description: String { message(Localizer(language: .en)) }

        /// A failure for `path` (nil: standard input); `reason` and `errorNumber` when the system refused it.
        public init(path: String?, reason: String?, errorNumber: Int32? = nil) {
            self.path = path
            self.reason = reason
            self.errorNumber = errorNumber
        }

        /// The sentence in the user's language: why in its words too, not the system's English.
        public func message(_ localizer: Localizer) -> String {
            switch (path, reason) {
            case (let path?, _?):
                let why: String
                switch errorNumber {
                case ENOENT?, ENOTDIR?: why = "formFile.reason.noFile"
                case EACCES?, EPERM?: why = "formFile.reason.denied"
                default: why = "formFile.reason.failed"
                }
                return localizer.text("session.answers.unreadable", ["file": path, "reason": localizer.text(why)])
            case (let path?, nil): return localizer.text("session.answers.folder", ["file": path])
            case (nil, _): return localizer.text("session.answers.standardInputFolder")
            }
        }
    }

    /// Opens a file of answers, one a line, as the session's input. A folder is refused: reading one fails at
    /// once, which would otherwise be taken for the end of the answers.
    public static func open(path: String) throws(OpenFailure) -> TerminalLineSource {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let number = errno
            throw OpenFailure(path: path, reason: String(cString: strerror(number)), errorNumber: number)
        }
        guard !isFolder(descriptor) else {
            close(descriptor)
            throw OpenFailure(path: path, reason: nil)
        }
        return TerminalLineSource(descriptor: descriptor, closesDescriptor: true, answersFile: path)
    }

    /// Refuses standard input when it is a folder (`voz run form < folder`), for the same reason.
    public static func checkStandardInput() throws(OpenFailure) {
        if isFolder(STDIN_FILENO) { throw OpenFailure(path: nil, reason: nil) }
    }

    private static func isFolder(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    deinit {
        if closesDescriptor { close(descriptor) }
    }

    /// The next line, waited for on the source's own queue; nil at end of input. At a terminal, a secret is read
    /// with echo off.
    public func readLine(secret: Bool) async -> String? {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: self.blockingReadLine(secret: secret))
            }
        }
    }

    /// Before a secret's prompt is shown, echo goes off, so nothing typed from then on appears; reading the line
    /// keeps it off and turns it back on after.
    public func prepareToRead(secret: Bool) async {
        guard secret, isTerminal else { return }
        TerminalModes.shared.disableEcho(descriptor)
    }

    // MARK: - Reading

    private func blockingReadLine(secret: Bool) -> String? {
        if secret, isTerminal { TerminalModes.shared.disableEcho(descriptor) }
        defer {
            // Off for a secret, or since a secret's prompt (a line already being read when it was shown).
            if isTerminal, TerminalModes.shared.isEchoOff {
                TerminalModes.shared.restore()
                // The user's Enter was not echoed either: end their line so the next one starts fresh.
                FileHandle.standardOutput.write(Data("\n".utf8))
            }
        }
        var line: [UInt8] = []
        var overflowed = false
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                append(pending[..<newline], to: &line, overflowed: &overflowed)
                pending.removeSubrange(...newline)
                return decode(line)
            }
            append(pending[...], to: &line, overflowed: &overflowed)
            pending.removeAll(keepingCapacity: true)
            if atEnd { return line.isEmpty ? nil : decode(line) }
            var chunk = [UInt8](repeating: 0, count: 16_384)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                atEnd = true
            } else if count == 0 {
                atEnd = true
            } else {
                pending.append(contentsOf: chunk[..<count])
            }
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8], overflowed: inout Bool) {
        let room = Self.maximumLineBytes - line.count
        if bytes.count > room { overflowed = true }
        if room > 0 { line.append(contentsOf: bytes.prefix(room)) }
    }

    /// Invalid UTF-8 becomes U+FFFD and a carriage return from a Windows-edited answers file is dropped; the
    /// session removes any other control character.
    private func decode(_ bytes: [UInt8]) -> String {
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
