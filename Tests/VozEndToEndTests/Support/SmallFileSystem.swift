import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tmpfs of a few KiB mounted for one test, to meet a full disk for real (ENOSPC from the kernel, not a mock).
/// Mounting needs root, as CI and the development machines run; elsewhere the tests that need one are skipped.
struct SmallFileSystem {
    let folder: URL

    /// Whether this process may mount a tmpfs (root, with mount(8) on the machine).
    static let canMount: Bool = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount")

    /// Mounts a tmpfs of `kibibytes` at `folder`, made first.
    init(at folder: URL, kibibytes: Int) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.call("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0700", "tmpfs", folder.path])
    }

    /// Writes one file until the kernel says the file system is full.
    func fill() throws {
        let path = folder.appendingPathComponent("filler").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw Failure(what: "open \(path)") }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x55, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        guard errno == ENOSPC else { throw Failure(what: "fill \(path): errno \(errno)") }
    }

    /// Unmounts it; the folder is left for the test's own clean-up.
    func remove() {
        try? Self.call("/usr/bin/umount", ["-l", folder.path])
    }

    struct Failure: Error, CustomStringConvertible {
        let what: String
        var description: String { "small file system: \(what) failed" }
    }

    private static func call(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(what: ([executable] + arguments).joined(separator: " "))
        }
    }
}
