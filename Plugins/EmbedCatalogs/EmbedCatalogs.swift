import Foundation
import PackagePlugin

/// Generates `EmbeddedCatalogs.swift` from `po/*.po` at build time, so the binary carries its catalogs.
///
/// The Swift file is build output, never committed: a PO file edited is in the next build, and no test has to
/// catch a copy that fell behind. The PO files are declared as the command's inputs, so SwiftPM reruns it only when
/// one of them changes; a language added or removed changes the list, which the plan sees on the next build.
@main
struct EmbedCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let catalogs = context.package.directoryURL.appending(path: "po")
        let files = try FileManager.default.contentsOfDirectory(at: catalogs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "po" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedCatalogs.swift")
        return [
            .buildCommand(
                displayName: "Embedding the message catalogs of \(catalogs.path)",
                executable: try context.tool(named: "voz-embed").url,
                arguments: ["EmbeddedCatalogs", output.path, catalogs.path, "--drop-extension"] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
