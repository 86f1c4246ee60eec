import Foundation

// MARK: - Places

/// Where the end-to-end tests find voz, the package's files and a folder of their own.
extension ShellRun {
    /// The debug `voz` SwiftPM built beside the test bundle.
    static var voz: String {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundleFolder.appendingPathComponent("voz")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside.path }
        return bundleFolder.deletingLastPathComponent().appendingPathComponent("voz").path
    }

    /// The package's root folder (docs/, scripts/, examples/).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A fresh private folder for one test.
    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("voz-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
