import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary folder holding what a `$ref` must never open or leak, for tests and the fuzzer: a pipe (`pipe`), a
/// folder (`folder`), a socket (`socket`), and a canary file (`canary.yaml`) whose words must never reach any
/// output of a description that is not allowed to read it.
///
/// A watcher opens the pipe's other end whenever something opens it for reading: the reader gets an empty
/// document instead of waiting for ever, and `pipeWasOpened` tells the test it happened.
public final class SpecialFileFolder: Sendable {
    public let url: URL
    /// A word no description holds: the canary's property name and title.
    public let canaryWord: String
    private let watch = PipeWatch()

    public var pipe: URL { url.appendingPathComponent("pipe") }
    public var folder: URL { url.appendingPathComponent("folder") }
    public var socket: URL { url.appendingPathComponent("socket") }
    public var canary: URL { url.appendingPathComponent("canary.yaml") }

    /// Whether anything opened the pipe for reading since the folder was made.
    public var pipeWasOpened: Bool { watch.opened.withLock { $0 } }

    public enum MakeError: Error { case failed(String) }

    /// A new folder `name-UUID` in `parent`.
    public init(name: String = "voz-special", in parent: URL = FileManager.default.temporaryDirectory) throws {
        url = parent.appendingPathComponent("\(name)-\(UUID().uuidString)")
        canaryWord = "canary" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard mkfifo(pipe.path, 0o600) == 0 else { throw MakeError.failed("mkfifo: \(errno)") }
        try Self.bindSocket(at: socket.path)
        let canaryText = """
            Canary:
              type: object
              title: \(canaryWord)
              properties:
                \(canaryWord): {type: string, title: \(canaryWord), description: \(canaryWord)}

            """
        try Data(canaryText.utf8).write(to: canary)
        let (watch, path) = (watch, pipe.path)
        Thread.detachNewThread { watch.run(path: path) }
    }

    /// Stops the watcher and removes the folder.
    public func remove() {
        watch.stopped.withLock { $0 = true }
        try? FileManager.default.removeItem(at: url)
    }

    deinit { remove() }

    // MARK: - Socket

    /// A Unix socket bound at `path`, left listening for nobody.
    private static func bindSocket(at path: String) throws {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw MakeError.failed("socket: \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw MakeError.failed("long path") }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        // The name stays on disk once bound; the socket itself is of no use after.
        close(descriptor)
        guard result == 0 else { throw MakeError.failed("bind: \(errno)") }
    }
}

/// The pipe's watcher, apart from the folder so its thread holds no folder alive.
private final class PipeWatch: Sendable {
    let opened = Mutex(false)
    let stopped = Mutex(false)

    /// Opening a pipe's write end without waiting succeeds only while a reader holds it open.
    func run(path: String) {
        while !stopped.withLock({ $0 }) {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 {
                opened.withLock { $0 = true }
                _ = "{}\n".withCString { write(descriptor, $0, 3) }
                close(descriptor)
            }
            usleep(20_000)
        }
    }
}
