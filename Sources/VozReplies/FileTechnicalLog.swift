import Foundation
import Synchronization
import VozLocalization
import VozSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The technical log on disk: JSON Lines appended to `$XDG_STATE_HOME/voz/voz.log` (or a file the user names),
/// readable by the user only — the file is mode 0600 and a folder Voz creates is 0700.
///
/// Only a file is ever created or changed: the file is opened once, without following a link and without waiting
/// for a pipe's reader, and its type is checked before its mode is; a device the person names (`--log /dev/null`)
/// is written to and never changed, and at the default place nothing but a file is used.
public final class FileTechnicalLog: TechnicalLogging, Sendable {
    /// The file written to.
    public let path: String
    // The open file; the mutex also serialises appends so concurrent entries never interleave within a line.
    private let descriptor: Mutex<Int32>

    /// Opens (creating if needed) the log at `path`, or at the default place when `path` is nil.
    public init(path: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TechnicalLogError)
    {
        let descriptor: Int32
        do throws(PrivateFile.Failure) {
            if let path {
                self.path = path
                // The folder of a log the person named is theirs: followed, and made (0700) when missing.
                let (folder, name) = PrivateFile.split(path)
                descriptor = try PrivateFolder.open(folder, refusingLink: false)
                    .openForAppending(name, shownAs: path, acceptingDevice: true)
            } else {
                // Voz's own state folder: never a link, always the user's, kept private.
                let state = StatePaths(environment: environment).state
                self.path = Self.defaultPath(environment: environment)
                descriptor = try PrivateFolder.open(state, ownFrom: state)
                    .openForAppending((self.path as NSString).lastPathComponent, acceptingDevice: false)
            }
        } catch {
            throw TechnicalLogError(error)
        }
        self.descriptor = Mutex(descriptor)
    }

    deinit {
        _ = descriptor.withLock { close($0) }
    }

    /// `$XDG_STATE_HOME/voz/voz.log`, with `~/.local/state` when `XDG_STATE_HOME` is unset or not absolute.
    public static func defaultPath(environment: [String: String]) -> String {
        StatePaths(environment: environment).log
    }

    /// Appends one entry as one line. A failed write is dropped silently: the log must never stop a submission.
    public func write(_ entry: TechnicalLogEntry) {
        let line = Array((entry.jsonLine() + "\n").utf8)
        descriptor.withLock { descriptor in
            var offset = 0
            while offset < line.count {
                let written = line[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// Why the technical log cannot be used.
public enum TechnicalLogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder the log goes in could not be made.
    case cannotCreateFolder(path: String)
    /// The log file could not be opened for appending.
    case cannotOpen(path: String)
    /// The log's path is a symbolic link, which Voz does not write through.
    case isSymbolicLink(path: String)
    /// The log's path is not a file (a pipe, a socket, a folder; or a device at the default place).
    case notAFile(path: String)

    init(_ failure: PrivateFile.Failure) {
        switch failure {
        case .cannotCreateFolder(let path, _), .notAFolder(let path), .notYours(let path), .noFolder(let path):
            self = .cannotCreateFolder(path: path)
        case .cannotWrite(let path, _): self = .cannotOpen(path: path)
        case .isSymbolicLink(let path): self = .isSymbolicLink(path: path)
        case .notAFile(let path): self = .notAFile(path: path)
        }
    }

    /// The sentence for the user, from the catalog.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .cannotCreateFolder(let path): return localizer.text("server.log.cannotCreateFolder", ["path": path])
        case .cannotOpen(let path): return localizer.text("server.log.cannotOpen", ["path": path])
        case .isSymbolicLink(let path): return localizer.text("server.log.isLink", ["path": path])
        case .notAFile(let path): return localizer.text("server.log.notAFile", ["path": path])
        }
    }

    /// The sentence in English.
    public var description: String { message(Localizer(language: .en)) }
}
