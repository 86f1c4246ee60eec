import Foundation
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A run's hold on one form's draft (its form and destination), so that two runs of the same form at once never
/// erase each other's answers and pending sends: the second is refused before it asks anything.
///
/// The hold is an `flock` on `DRAFT.lock` beside the draft, taken without waiting and given back when the value is
/// released (the file is removed while still held, so no third run can lock a file about to vanish).
public final class DraftLock: Sendable {
    /// Why no hold was taken.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Another run holds the draft.
        case held(path: String)
        /// The lock file could not be made or locked; `reason` is the system's. A run goes on without the hold:
        /// drafts that cannot be written stop a send anyway.
        case unavailable(path: String, reason: String)

        /// The failure in English, for logs.
        public var description: String {
            switch self {
            case .held(let path): return "\(path) is held by another run"
            case .unavailable(let path, let reason): return "cannot lock \(path): \(reason)"
            }
        }
    }

    /// The lock file.
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        unlink(path)
        close(descriptor)
    }

    /// Takes the hold on the draft of `formID` in `store`, or says why not.
    public static func take(_ store: DraftStore, formID: String) throws(Failure) -> DraftLock {
        let path = store.path(forForm: formID) + ".lock"
        do {
            try PrivateFile.makeFolder(store.folder)
        } catch {
            throw .unavailable(path: path, reason: error.description)
        }
        // A run that locked a file another run was removing holds nothing: it tries again on the file now there.
        for _ in 0..<8 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .unavailable(path: path, reason: String(cString: strerror(errno))) }
            var opened = stat()
            guard fstat(descriptor, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG else {
                close(descriptor)
                throw .unavailable(path: path, reason: "not a regular file")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { throw .held(path: path) }
                throw .unavailable(path: path, reason: String(cString: strerror(code)))
            }
            var current = stat()
            if lstat(path, &current) == 0, current.st_dev == opened.st_dev, current.st_ino == opened.st_ino {
                return DraftLock(path: path, descriptor: descriptor)
            }
            close(descriptor)
        }
        throw .unavailable(path: path, reason: "the lock file kept changing")
    }
}
