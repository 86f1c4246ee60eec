import Foundation

/// Finds Voz's shipped files (`examples/`, `voices/`) wherever Voz runs: installed under `PREFIX/share/voz`, or
/// from a build folder inside the source tree. Never through SwiftPM's `Bundle.module`, which stops the
/// program on Linux when its bundle is not beside the executable.
public struct ResourceLocator: Sendable, Equatable {
    /// The folders searched, most specific first.
    public let roots: [String]

    /// - Parameters:
    ///   - executablePath: the running program's path (`CommandLine.arguments[0]` resolved, or /proc/self/exe).
    ///   - environment: `VOZ_DATA_DIR`, when set, is searched first.
    public init(executablePath: String, environment: [String: String]) {
        var roots: [String] = []
        if let custom = environment["VOZ_DATA_DIR"], !custom.isEmpty { roots.append(custom) }
        let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        let binFolder = executable.deletingLastPathComponent()
        roots.append(binFolder.deletingLastPathComponent().appendingPathComponent("share/voz").path)
        // A build folder (.build/debug/voz): walk up to the package root, the folder that holds Package.swift.
        var folder = binFolder
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                roots.append(folder.path)
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        self.roots = roots
    }

    /// The locator for the running program.
    public static func forCurrentProcess(environment: [String: String]) -> ResourceLocator {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "voz"
        return ResourceLocator(executablePath: path, environment: environment)
    }

    /// The first existing `relativePath` under the roots (`examples/crear-cuenta.json`, `voices`).
    public func find(_ relativePath: String) -> String? {
        for root in roots {
            let candidate = (root as NSString).appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }
}
