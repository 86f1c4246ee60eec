import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Creates files only their owner can read (0600) in folders only their owner can enter (0700), without
/// following a symbolic link planted where the file will be, and without changing anything that is not a file.
///
/// Drafts, logs, transcripts, recordings and audio may hold personal data; they are written through here.
public enum PrivateFile {
    /// Why a private file could not be written.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// The folder at `path`, or one of its parents, could not be made; `reason` is the system's.
        case cannotCreateFolder(path: String, reason: String)
        /// The file at `path` could not be created or written; `reason` is the system's.
        case cannotWrite(path: String, reason: String)
        /// A symbolic link stands where the file or Voz's own folder should be; it is left alone, never followed.
        case isSymbolicLink(path: String)
        /// Something that is not a file stands at `path` (a pipe, a socket, a folder, a device not accepted there).
        case notAFile(path: String)
        /// Something that is not a folder stands where a folder should be.
        case notAFolder(path: String)
        /// Voz's own folder at `path` belongs to another user.
        case notYours(path: String)
        /// The folder at `path` does not exist, and was not to be made.
        case noFolder(path: String)

        /// The path the failure is about.
        public var path: String {
            switch self {
            case .cannotCreateFolder(let path, _), .cannotWrite(let path, _), .isSymbolicLink(let path),
                .notAFile(let path), .notAFolder(let path), .notYours(let path), .noFolder(let path):
                return path
            }
        }

        /// The failure as one English sentence, for logs.
        public var description: String {
            switch self {
            case .cannotCreateFolder(let path, let reason): return "Cannot create the folder \(path): \(reason)."
            case .cannotWrite(let path, let reason): return "Cannot write \(path): \(reason)."
            case .isSymbolicLink(let path): return "\(path) is a symbolic link; Voz does not write through links."
            case .notAFile(let path): return "\(path) is not a file; Voz writes only to files."
            case .notAFolder(let path): return "\(path) is not a folder."
            case .notYours(let path): return "\(path) belongs to another user; Voz does not use it."
            case .noFolder(let path): return "The folder \(path) does not exist."
            }
        }
    }

    /// Creates `path` and its missing parents with mode 0700; a symbolic link at `path` itself is refused.
    public static func makeFolder(_ path: String) throws(Failure) {
        _ = try PrivateFolder.open(path)
    }

    /// Replaces the file at `path` with `data` atomically: written to a fresh temporary file (`mode`) beside it,
    /// flushed to disk, then renamed over it. A symbolic link at `path` is refused, never followed; the folder's
    /// own path is followed (the person named it), and made (0700) when missing only if `creatingFolder`.
    public static func replace(
        _ path: String, with data: Data, mode: mode_t = 0o600, creatingFolder: Bool = true
    ) throws(Failure) {
        let (folder, name) = split(path)
        try PrivateFolder.open(folder, refusingLink: false, creating: creatingFolder)
            .replace(name, with: data, mode: mode)
    }

    /// The folder and the name of `path`; `.` for a bare name.
    public static func split(_ path: String) -> (folder: String, name: String) {
        let folder = (path as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "." : folder, (path as NSString).lastPathComponent)
    }

    /// Whether `path` is itself a symbolic link (not whether it points anywhere).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Opens the file at `path` (`name` in the open folder `folder`, or `path` itself when `folder` is nil) for
    /// writing, creating it (0600) if missing. It is opened without following a link and without waiting for a
    /// pipe's reader, and its type is checked before anything is changed: a file of the user's is narrowed to
    /// 0600 (and emptied when `truncating`); a character device such as `/dev/null` is written to, never changed,
    /// when `acceptingDevice`; anything else is refused. Writes append when `appending`.
    public static func openForWriting(
        _ path: String, at folder: Int32? = nil, name: String? = nil, truncating: Bool, appending: Bool = false,
        acceptingDevice: Bool
    ) throws(Failure) -> Int32 {
        let flags =
            O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (appending ? O_APPEND : 0)
        let descriptor = folder.map { openat($0, name ?? path, flags, 0o600) } ?? open(path, flags, 0o600)
        guard descriptor >= 0 else {
            switch errno {
            case ELOOP: throw .isSymbolicLink(path: path)
            // ENXIO: a pipe nobody reads; EISDIR: a folder.
            case ENXIO, EISDIR: throw .notAFile(path: path)
            default: throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotWrite(path: path, reason: reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // A file of another user's (as root) keeps its mode: Voz narrows only what is the user's.
            if info.st_uid == geteuid(), info.st_mode & 0o7777 != 0o600 { _ = fchmod(descriptor, 0o600) }
            if truncating { _ = ftruncate(descriptor, 0) }
        case S_IFCHR where acceptingDevice:
            // A device the person named: written to as it is, and written to in full (a terminal may be slow).
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        default:
            close(descriptor)
            throw .notAFile(path: path)
        }
        return descriptor
    }

    /// Writes all of `data` to `descriptor`; false on an error.
    static func writeAll(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let result = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += result
            }
            return true
        }
    }
}
