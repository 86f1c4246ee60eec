import Foundation
import Synchronization
import VozKit

/// Serves a fuzzed description and the project's `refs/` tree from memory, as if they sat in `folder`, and
/// remembers whether the description asked for anything else (an address, or a file outside `folder`).
///
/// In process nothing outside memory is ever read. Before a description goes through the real `voz` binary the
/// same load runs here first: loading is deterministic, so when nothing escapes here, `voz` reads only the
/// files written into the fuzz temp folder and never the network.
public final class FuzzSpecLoader: SpecLoader {
    /// The folder the description is said to be in: the fuzz temp folder, or a name that is never read.
    public let folder: URL
    private let files: [String: [UInt8]]
    private let escapes = Mutex<[String]>([])

    /// `input` as `folder/name`, beside the `refs/` tree.
    public init(folder: URL, name: String, input: [UInt8]) {
        self.folder = folder.standardizedFileURL
        var files = FuzzCorpus.specTree
        files[name] = input
        self.files = files
    }

    /// The description's own address, as `voz` names it on its command line.
    public func path(of name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Addresses asked for that lie outside `folder`, in the order asked.
    public var escaped: [String] { escapes.withLock { $0 } }

    public func load(_ url: String) async throws(SpecLoadFailure) -> SpecBytes {
        guard let address = URL(string: url), address.scheme?.lowercased() == "file" else {
            escapes.withLock { $0.append(url) }
            throw .cannotConnect
        }
        let base = folder.path + "/"
        let path = address.standardizedFileURL.path
        guard path.hasPrefix(base) else {
            escapes.withLock { $0.append(url) }
            throw .noFile
        }
        guard let bytes = files[String(path.dropFirst(base.count))] else { throw .noFile }
        return SpecBytes(url: url, bytes: bytes, isJSON: SpecBytes.isJSON(contentType: nil, path: path))
    }

    /// Writes the `refs/` tree into `folder`, so the `voz` binary finds the same documents there.
    public func writeTree() {
        for (name, bytes) in FuzzCorpus.specTree {
            let file = folder.appendingPathComponent(name)
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(bytes).write(to: file)
        }
    }
}
