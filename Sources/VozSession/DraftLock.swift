import Foundation
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A run's hold on one form's draft (its form and destination), so that two runs of the same form at once never
/// erase each other's answers and pending sends: the second is refused before it asks anything.
///
/// The hold is an `flock` on `DRAFT.lock` beside the draft, made in the drafts folder as it was opened (no link
/// followed), taken without waiting and given back when the value is released; the file is removed while still
/// held, and a run that locked a file being removed tries again, so no two runs ever hold the draft at once.
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

    private let folder: PrivateFolder
    private let name: String
    private let descriptor: Int32

    private init(folder: PrivateFolder, name: String, descriptor: Int32) {
        self.folder = folder
        self.name = name
        self.descriptor = descriptor
    }

    deinit {
        folder.remove(name)
        close(descriptor)
    }

    /// Takes the hold on the draft of `formID` in `store`, or says why not.
    public static func take(_ store: DraftStore, formID: String) throws(Failure) -> DraftLock {
        let name = store.fileName(forForm: formID) + ".lock"
        let path = store.path(forForm: formID) + ".lock"
        let folder: PrivateFolder
        do {
            folder = try store.open(creating: true)
        } catch {
            throw .unavailable(path: path, reason: error.description)
        }
        for _ in 0..<8 {
            switch folder.withDescriptor({ lock(name, in: $0) }) {
            case .locked(let descriptor): return DraftLock(folder: folder, name: name, descriptor: descriptor)
            case .held: throw .held(path: path)
            case .failed(let reason): throw .unavailable(path: path, reason: reason)
            case .removedMeanwhile: continue
            }
        }
        throw .unavailable(path: path, reason: "the lock file kept changing")
    }

    private enum Attempt {
        case locked(Int32)
        case held
        case failed(String)
        case removedMeanwhile
    }

    /// One try: open (or make) the lock file in `folder`, lock it without waiting, and check it is still the file
    /// at that name.
    private static func lock(_ name: String, in folder: Int32) -> Attempt {
        let descriptor = openat(folder, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .failed(String(cString: strerror(errno))) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .failed("not a regular file")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(descriptor)
            return code == EWOULDBLOCK ? .held : .failed(String(cString: strerror(code)))
        }
        var current = stat()
        if fstatat(folder, name, &current, AT_SYMLINK_NOFOLLOW) == 0, current.st_dev == opened.st_dev,
            current.st_ino == opened.st_ino
        {
            return .locked(descriptor)
        }
        close(descriptor)
        return .removedMeanwhile
    }
}
