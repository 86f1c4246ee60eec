import Foundation
import PackagePlugin

/// Generates `EmbeddedVoices.swift` from `voices/*.json` and `voices/variants/*` at build time, so the voice
/// profiles travel with the code, as the catalogs do.
///
/// A tool built on VozKit in another package, or a voz moved away from its share folder, used to find no profile
/// and speak with eSpeak NG's defaults without a word. Embedded, the profiles are wherever the code is.
@main
struct EmbedVoices: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let voices = context.package.directoryURL.appending(path: "voices")
        let variants = voices.appending(path: "variants")
        let list = { (folder: URL) throws -> [URL] in
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        }
        let profiles = try list(voices).filter { $0.pathExtension == "json" }
        let files = (profiles + (try list(variants))).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedVoices.swift")
        return [
            .buildCommand(
                displayName: "Embedding the voice profiles of \(voices.path)",
                executable: try context.tool(named: "voz-embed").url,
                arguments: ["EmbeddedVoices", output.path, voices.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
