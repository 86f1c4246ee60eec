import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Creates files only their owner can read (0600) in folders only their owner can enter (0700), without
/// following a symbolic link planted where the file will be.
///
/// Drafts, logs and transcripts may hold personal data; they are written through here.
public enum PrivateFile {
    /// Why a private file could not be written.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// The folder at `path`, or one of its parents, could not be made; `reason` is the system's.
        case cannotCreateFolder(path: String, reason: String)
        /// The file at `path` could not be created or written; `reason` is the system's.
        case cannotWrite(path: String, reason: String)
        /// A symbolic link stands where the file should be; it is left alone rather than followed.
        case isSymbolicLink(path: String)

        /// The failure as one English sentence, for logs.
        public var description: String {
            switch self {
            case .cannotCreateFolder(let path, let reason): return "Cannot create the folder \(path): \(reason)."
            case .cannotWrite(let path, let reason): return "Cannot write \(path): \(reason)."
            case .isSymbolicLink(let path): return "\(path) is a symbolic link; Voz does not write through links."
            }
        }
    }

    /// Creates `path` and its missing parents with mode 0700.
    public static func makeFolder(_ path: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateFolder(path: path, reason: error.localizedDescription)
        }
    }

    /// Replaces the file at `path` with `data` atomically: written to a fresh temporary file (0600) beside it,
    /// flushed to disk, then renamed over it. A symbolic link at `path` is refused, never followed.
    public static func replace(_ path: String, with data: Data) throws(Failure) {
        if isSymbolicLink(path) { throw .isSymbolicLink(path: path) }
        let folder = (path as NSString).deletingLastPathComponent
        try makeFolder(folder.isEmpty ? "." : folder)
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        let written = data.withUnsafeBytes { buffer -> Bool in
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
        // On disk before the rename makes it the file: a draft is written ahead of a request, and the key it
        // holds must survive the machine stopping, not only the process.
        let synced = written && fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// Whether `path` is itself a symbolic link (not whether it points anywhere).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
