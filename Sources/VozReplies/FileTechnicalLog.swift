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
public final class FileTechnicalLog: TechnicalLogging, Sendable {
    /// The file written to.
    public let path: String
    // Serialises appends so concurrent entries never interleave within a line.
    private let appending = Mutex(())

    /// Opens (creating if needed) the log at `path`, or at the default place when `path` is nil.
    public init(path: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TechnicalLogError)
    {
        let isDefault = path == nil
        self.path = path ?? Self.defaultPath(environment: environment)
        let directory = (self.path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
                do {
                    try FileManager.default.createDirectory(
                        atPath: directory, withIntermediateDirectories: true,
                        attributes: [.posixPermissions: 0o700])
                } catch {
                    throw .cannotCreateFolder(path: directory)
                }
            } else if !isDirectory.boolValue {
                throw .cannotCreateFolder(path: directory)
            } else if isDefault {
                // Voz's own state folder: keep it private even if something else created it.
                _ = chmod(directory, 0o700)
            }
        }
        // A symbolic link planted where the log goes is refused, never followed (O_NOFOLLOW), here and on every
        // append: the log would otherwise grow whatever file the link points to.
        let descriptor = open(self.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw .isSymbolicLink(path: self.path) }
            throw .cannotOpen(path: self.path)
        }
        // An existing file may have been created with wider permissions; the log holds server replies.
        _ = fchmod(descriptor, 0o600)
        close(descriptor)
    }

    /// `$XDG_STATE_HOME/voz/voz.log`, with `~/.local/state` when `XDG_STATE_HOME` is unset or not absolute.
    public static func defaultPath(environment: [String: String]) -> String {
        StatePaths(environment: environment).log
    }

    /// Appends one entry as one line. A failed write is dropped silently: the log must never stop a submission.
    public func write(_ entry: TechnicalLogEntry) {
        let line = Array((entry.jsonLine() + "\n").utf8)
        appending.withLock { _ in
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var offset = 0
            while offset < line.count {
                let written = line[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
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

    /// The sentence for the user, from the catalog.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .cannotCreateFolder(let path): return localizer.text("server.log.cannotCreateFolder", ["path": path])
        case .cannotOpen(let path): return localizer.text("server.log.cannotOpen", ["path": path])
        case .isSymbolicLink(let path): return localizer.text("server.log.isLink", ["path": path])
        }
    }

    /// The sentence in English.
    public var description: String { message(Localizer(language: .en)) }
}
