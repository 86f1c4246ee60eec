import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a file a user or a document named, never past a limit: a huge file, a device that never ends or a pipe
/// (`<(curl …)`, `/dev/stdin`) is read up to one byte past the limit and no further.
package enum BoundedFile {
    /// Why the file was not read; each reader says it in its own sentence.
    package enum Failure: Error, Equatable {
        case noFile
        case folder
        case denied
        case tooLarge
        /// Opening or reading failed after the checks passed (an I/O error, a file removed meanwhile).
        case readFailed
        /// Not a file, and not one of the kinds the reader accepts.
        case special(Special)
    }

    /// What a name may be other than a file or a folder.
    package enum Special: Sendable, Equatable {
        case pipe
        case device
        case socket
    }

    /// The kinds of file a reader opens.
    package enum Accepting: Sendable {
        /// Anything but a folder: what the user named on the command line, for a form file.
        case anything
        /// A file, or a pipe (`<(cat spec.json)`, `/dev/stdin`): the one description the user named.
        case fileOrPipe
        /// Only a file: what a document names, which nobody checked. Opening a pipe nobody writes to waits for
        /// ever, and a device never ends.
        case file
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    package static func read(path: String, limit: Int, accepting: Accepting = .anything) throws(Failure) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else { throw errno == EACCES ? .denied : .noFile }
        try check(info, accepting: accepting)
        guard access(path, R_OK) == 0 else { throw .denied }
        // A declared size says "too large" before a byte is read; pipes and devices declare none.
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit { throw .tooLarge }
        // Without O_NONBLOCK, opening a pipe waits for a writer: a name swapped for a pipe after the check above
        // must not hold the reader, so a file-only open never waits, and the open file is checked again.
        let flags = O_RDONLY | O_NOCTTY | O_CLOEXEC | (accepting == .file ? O_NONBLOCK : 0)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { throw errno == EACCES ? .denied : .readFailed }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { throw .readFailed }
        try check(opened, accepting: accepting)
        let data: Data
        do {
            // One byte past the limit tells a file that grew, or a device, from one that fits.
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .readFailed
        }
        guard data.count <= limit else { throw .tooLarge }
        return data
    }

    /// Refuses what `info` describes unless `accepting` takes it.
    private static func check(_ info: stat, accepting: Accepting) throws(Failure) {
        let special: Special
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .folder
        case S_IFIFO: special = .pipe
        case S_IFSOCK: special = .socket
        default: special = .device
        }
        switch accepting {
        case .anything: return
        case .fileOrPipe where special == .pipe: return
        case .fileOrPipe, .file: throw .special(special)
        }
    }
}
