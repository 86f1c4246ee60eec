import Foundation

/// Reads a file a user or a document named, never past a limit: a huge file, a device that never ends or a pipe
/// (`<(curl …)`, `/dev/stdin`) is read up to one byte past the limit and no further.
enum BoundedFile {
    /// Why the file was not read; each reader says it in its own sentence.
    enum Failure: Error, Equatable {
        case noFile
        case folder
        case denied
        case tooLarge
        /// Opening or reading failed after the checks passed (an I/O error, a file removed meanwhile).
        case readFailed
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    static func read(path: String, limit: Int) throws(Failure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noFile }
        guard !isDirectory.boolValue else { throw .folder }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .denied }
        // A declared size says "too large" before a byte is read; pipes and devices declare none.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? NSNumber, size.intValue > limit { throw .tooLarge }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            // One byte past the limit tells a file that grew, or a device, from one that fits.
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .readFailed
        }
        guard data.count <= limit else { throw .tooLarge }
        return data
    }
}
