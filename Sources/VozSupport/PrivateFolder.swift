import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A folder opened once, component by component, in which files are then created, replaced, read and removed by
/// name relative to the open folder: a link or a folder swapped in after the checks is never followed.
///
/// The components from `ownFrom` down are Voz's own (the state folder, the drafts folder): each must be a real
/// folder, never a symbolic link, and belong to the user, and is narrowed to 0700. The components above are the
/// person's (a home folder on another disk through a link is theirs to have) and are followed as any path is.
public final class PrivateFolder: Sendable {
    /// The folder's path, as given.
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Opens the folder at `path`, making what is missing with mode 0700 when `creating` (else a missing folder is
    /// `.noFolder`). `ownFrom` (`path` itself or one of its parents) starts the components that are Voz's own; a
    /// symbolic link at the last component is refused when `refusingLink`, even if it is not Voz's own.
    public static func open(
        _ path: String, ownFrom root: String? = nil, refusingLink: Bool = true, creating: Bool = true
    ) throws(PrivateFile.Failure) -> PrivateFolder {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let firstOwn = root.map { $0.split(separator: "/", omittingEmptySubsequences: true).count - 1 }
        var current = Glibc.open(path.hasPrefix("/") ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw .cannotCreateFolder(path: path, reason: String(cString: strerror(errno))) }
        var walked = path.hasPrefix("/") ? "" : "."
        for (index, name) in components.enumerated() {
            walked += "/" + name
            let own = firstOwn.map { index >= $0 } ?? false
            let noFollow = own || (refusingLink && index == components.count - 1)
            do throws(PrivateFile.Failure) {
                let next = try step(
                    from: current, name: name, walked: walked, noFollow: noFollow, creating: creating)
                close(current)
                current = next
                if own { try narrow(current, walked: walked) }
            } catch {
                close(current)
                throw error
            }
        }
        return PrivateFolder(path: path, descriptor: current)
    }

    /// Opens the folder `name` in the open folder `parent`, making it (0700) first when it is missing.
    private static func step(
        from parent: Int32, name: String, walked: String, noFollow: Bool, creating: Bool
    ) throws(PrivateFile.Failure) -> Int32 {
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (noFollow ? O_NOFOLLOW : 0)
        var next = openat(parent, name, flags)
        if next < 0, errno == ENOENT {
            guard creating else { throw .noFolder(path: walked) }
            // EEXIST: another run made it between the two calls; it is checked as any existing folder is.
            guard mkdirat(parent, name, 0o700) == 0 || errno == EEXIST else {
                throw .cannotCreateFolder(path: walked, reason: String(cString: strerror(errno)))
            }
            next = openat(parent, name, flags)
        }
        guard next >= 0 else {
            let reason = String(cString: strerror(errno))
            var info = stat()
            if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                if info.st_mode & S_IFMT == S_IFLNK, noFollow { throw .isSymbolicLink(path: walked) }
                if info.st_mode & S_IFMT != S_IFDIR { throw .notAFolder(path: walked) }
            }
            throw .cannotCreateFolder(path: walked, reason: reason)
        }
        return next
    }

    /// Voz's own folder belongs to the user and only they may enter it: one made by someone else is refused, one
    /// made wider (by an older Voz, or by hand) is narrowed through the open descriptor, never through a path.
    private static func narrow(_ descriptor: Int32, walked: String) throws(PrivateFile.Failure) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .cannotCreateFolder(path: walked, reason: String(cString: strerror(errno)))
        }
        guard info.st_uid == geteuid() else { throw .notYours(path: walked) }
        if info.st_mode & 0o077 != 0 { _ = fchmod(descriptor, 0o700) }
    }

    /// Whether no other user can replace `path` or any folder on the way to it: each belongs to root or to the
    /// user, and is writable by no one else unless sticky (as `/tmp` is, where only an entry's owner may move it).
    /// For folders handed by path to code that reads them by path (eSpeak NG's data).
    public static func isTrusted(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        var prefix = ""
        for name in ["/"] + path.split(separator: "/").map(String.init) {
            prefix = name == "/" ? "/" : (prefix == "/" ? "/" : prefix + "/") + name
            // A link on the way must be as safe as a folder: its owner could point it elsewhere later.
            var link = stat()
            guard lstat(prefix, &link) == 0, link.st_uid == 0 || link.st_uid == geteuid() else { return false }
            var info = stat()
            guard stat(prefix, &info) == 0 else { return false }
            let owner = info.st_uid == 0 || info.st_uid == geteuid()
            let guarded = info.st_mode & 0o022 == 0 || info.st_mode & S_ISVTX != 0
            guard owner, guarded else { return false }
        }
        return true
    }

    // MARK: - Files in the folder

    /// The path of `name` in this folder, for sentences.
    public func path(of name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Replaces the file `name` with `data` atomically: written to a fresh temporary file (`mode`) beside it, flushed
    /// to disk, then renamed over it. A symbolic link, a folder or anything but a file at `name` is refused.
    public func replace(_ name: String, with data: Data, mode: mode_t = 0o600) throws(PrivateFile.Failure) {
        let target = path(of: name)
        try checkReplaceable(name)
        let temporary = ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard file >= 0 else { throw .cannotWrite(path: target, reason: String(cString: strerror(errno))) }
        // On disk before the rename makes it the file: a draft is written ahead of a request, and the key it
        // holds must survive the machine stopping, not only the process.
        let synced = PrivateFile.writeAll(file, data) && fsync(file) == 0
        let reason = String(cString: strerror(errno))
        close(file)
        guard synced else {
            unlinkat(descriptor, temporary, 0)
            throw .cannotWrite(path: target, reason: reason)
        }
        try commit(temporary, as: name)
    }

    /// Refuses `name` unless it is missing or a file: rename would replace a link or a device without following
    /// it, but the person (or a test) who put one there meant something by it.
    public func checkReplaceable(_ name: String) throws(PrivateFile.Failure) {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw .isSymbolicLink(path: path(of: name))
        default: throw .notAFile(path: path(of: name))
        }
    }

    /// Renames the finished temporary file over `name`, removing it instead when that fails.
    private func commit(_ temporary: String, as name: String) throws(PrivateFile.Failure) {
        guard renameat(descriptor, temporary, descriptor, name) == 0 else {
            let reason = String(cString: strerror(errno))
            unlinkat(descriptor, temporary, 0)
            throw .cannotWrite(path: path(of: name), reason: reason)
        }
        // The rename itself is on disk only once the folder is.
        _ = fsync(descriptor)
    }

    /// Creates a fresh temporary file (`mode`) for `name`, to be renamed over it by `commit`: its name and open
    /// descriptor. Used by writers that write a file in pieces (a WAV's header is patched at its end).
    public func createTemporary(for name: String, mode: mode_t = 0o600) throws(PrivateFile.Failure) -> (
        name: String, descriptor: Int32
    ) {
        try checkReplaceable(name)
        let temporary = ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let file = openat(descriptor, temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard file >= 0 else { throw .cannotWrite(path: path(of: name), reason: String(cString: strerror(errno))) }
        return (temporary, file)
    }

    /// Renames a temporary file from `createTemporary` over `name`, already closed by the caller.
    public func finish(temporary: String, as name: String) throws(PrivateFile.Failure) {
        try checkReplaceable(name)
        try commit(temporary, as: name)
    }

    /// The bytes of the file `name`, or nil when it is missing, is not a file (a link, a pipe, a folder), or is
    /// larger than `limit` bytes.
    public func read(_ name: String, limit: Int) -> Data? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: file, closeOnDealloc: true)
        defer { try? handle.close() }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        guard let data = try? handle.read(upToCount: limit + 1), data.count <= limit else { return nil }
        return data
    }

    /// Removes the file `name`, if any, with unlink: a folder at its place is left alone, never emptied.
    public func remove(_ name: String) {
        _ = unlinkat(descriptor, name, 0)
    }

    /// Calls `body` with the open folder's descriptor, for the `*at` calls a caller makes itself (a lock file beside
    /// a draft); the descriptor is not to be kept past the call.
    public func withDescriptor<Result>(_ body: (Int32) -> Result) -> Result {
        body(descriptor)
    }

    /// Opens `name` for appending, creating it (0600) if missing, with the checks of `PrivateFile.openForWriting`;
    /// failures name `shownAs` (the path as the person wrote it) when given.
    public func openForAppending(
        _ name: String, shownAs shown: String? = nil, acceptingDevice: Bool
    ) throws(PrivateFile.Failure) -> Int32 {
        try PrivateFile.openForWriting(
            shown ?? path(of: name), at: descriptor, name: name, truncating: false, appending: true,
            acceptingDevice: acceptingDevice)
    }
}
