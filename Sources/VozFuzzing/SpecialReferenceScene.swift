import Foundation
import VozKit
import VozTestSupport

/// The world a description with special references is read in: a folder with a pipe, a socket, a
/// folder and a canary file (`SpecialFileFolder`), and a loopback HTTP server the fuzzer starts itself, serving
/// documents that name the canary (absolutely, or relative to a `file:` `$id`) and a redirect loop.
///
/// Inputs name these places by placeholder, so a saved input replays on any machine: `@DIR@` the folder,
/// `@REMOTE@` the server. The oracle: no canary word in anything Voz says, and the pipe never opened.
public final class SpecialReferenceScene: Sendable {
    /// The scene of this process, made on first use; nil when it cannot be made (no python3 for the server).
    public static let shared: SpecialReferenceScene? = try? SpecialReferenceScene()

    public let local: SpecialFileFolder
    let served: SpecialFileFolder
    let server: StaticHTTPServer

    /// The documents the server holds: each leads from the network back to a file of this computer.
    static func servedDocuments(canary: URL, folder: URL) -> [String: String] {
        [
            "leak-abs.yaml": """
            Remote:
              type: object
              properties:
                city: {type: string, title: City}
                leak: {$ref: "\(canary.absoluteString)#/Canary"}
            """,
            "leak-id.yaml": """
            Remote:
              $id: "\(folder.absoluteString)/"
              type: object
              properties:
                city: {type: string}
                leak: {$ref: "canary.yaml#/Canary"}
                again: {allOf: [{$ref: "canary.yaml#/Canary"}]}
            """,
            "remote-pipe.yaml": """
            Remote:
              type: object
              properties:
                wait: {$ref: "\(folder.absoluteString)/pipe#/X"}
                zero: {$ref: "file:///dev/zero#/X"}
                back: {$ref: "/dev/urandom#/X"}
            """,
            "remote-chain.yaml": """
            Remote:
              type: object
              properties:
                next: {$ref: "leak-abs.yaml#/Remote"}
                loop: {$ref: "loop/leak-abs.yaml#/Remote"}
            """,
        ]
    }

    /// A scene whose folders sit in `parent`: by default the worker's own (`voz-fuzz-PID`), which the supervisor
    /// removes when the worker ends, however it ends; a test's scene removes its own when it goes.
    public init(
        parent: URL = FileManager.default.temporaryDirectory.appendingPathComponent("voz-fuzz-\(getpid())")
    ) throws {
        local = try SpecialFileFolder(name: "special", in: parent)
        served = try SpecialFileFolder(name: "served", in: parent)
        for (name, text) in Self.servedDocuments(canary: local.canary, folder: local.url) {
            try Data(text.utf8).write(to: served.url.appendingPathComponent(name))
        }
        server = try StaticHTTPServer(folder: served.url.path)
    }

    deinit {
        server.stop()
        local.remove()
        served.remove()
    }

    /// `input` with its placeholders replaced by this scene's places.
    public func text(of input: Data) -> Data {
        var bytes = String(decoding: input, as: UTF8.self)
        bytes = bytes.replacingOccurrences(of: "@DIR@", with: local.url.path)
        bytes = bytes.replacingOccurrences(of: "@REMOTE@", with: server.base)
        return Data(bytes.utf8)
    }

    /// Writes `input`, placeholders replaced, as `name` in the folder, and returns its path.
    public func write(_ input: Data, as name: String = "input.yaml") -> String {
        let path = local.url.appendingPathComponent(name).path
        try? text(of: input).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Why what Voz said breaks the oracle, or nil: the canary's word in `output` (when the description did not
    /// name the canary itself), or the pipe opened.
    public func breach(in output: String, input: Data) -> String? {
        let namesCanary = String(decoding: input, as: UTF8.self).lowercased().contains("canary")
        if !namesCanary, output.contains(local.canaryWord) { return "a file outside the scope was read" }
        if local.pipeWasOpened { return "a pipe a reference named was opened" }
        return nil
    }
}

extension FuzzRunner {
    /// A description with special references, read as `voz form` (each operation's reach) and `voz audit
    /// --openapi` (every operation's) read it, through the real loader: files, and the scene's loopback server.
    /// A breach of the scene's oracle is a crash, so the supervisor saves the input.
    public static func runSpecialReferences(_ input: Data, in scene: SpecialReferenceScene? = .shared) async {
        guard let scene else { return }
        let path = scene.write(input)
        let localizer = Localizer(language: language(for: input))
        let loader = CurlSpecLoader(timeoutSeconds: 3)
        var said: [String] = []
        func note(_ error: SpecError) { said.append(error.message(localizer)) }
        do {
            let document = try await SpecDocument.load(path, loader: loader, reaching: .operations)
            let result = try OpenAPIAudit.audit(document, localizer: localizer)
            said.append(String(describing: result.checks.map(\.result)))
            for operation in operations(of: document).prefix(4) {
                do {
                    let reached = try await SpecDocument.load(path, loader: loader, reaching: .operation(operation))
                    let output = try OpenAPIFormBuilder.form(
                        openAPI: reached, operation: operation, server: nil, language: localizer.language)
                    said += [output.text] + output.notes
                } catch {
                    note(error)
                }
            }
        } catch {
            note(error)
        }
        if let breach = scene.breach(in: said.joined(separator: "\n"), input: input) {
            fatalError("special references: \(breach)")
        }
    }
}
