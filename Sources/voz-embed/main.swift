import Foundation

// The build tool behind the EmbedCatalogs and EmbedVoices plugins:
//
//     voz-embed ENUM OUTPUT ROOT [--drop-extension] FILE...
//
// writes OUTPUT, a Swift file declaring `enum ENUM` whose `files` hold each FILE's text as a raw string, keyed by its
// path under ROOT (`es.json`, `variants/voz-es`), or by its name without the extension (`pt_BR` for a catalog).

// MARK: - Writing the Swift file

/// The raw-string delimiter for `text`: one `#` more than its longest run, so nothing in a file can end the string
/// or start an escape.
func delimiter(for text: String) -> String {
    var longest = 0
    var run = 0
    for character in text.unicodeScalars {
        run = character == "#" ? run + 1 : 0
        longest = max(longest, run)
    }
    return String(repeating: "#", count: longest + 1)
}

func swiftSource(name: String, root: String, files: [(key: String, text: String)]) -> String {
    var source = """
        // swift-format-ignore-file
        // Generated at build time by voz-embed from the files under \(root). Edit those files, not this.

        /// The files, by name, as they were when Voz was built.
        enum \(name) {
            static let files: [String: String] = [

        """
    for (key, text) in files {
        let hashes = delimiter(for: text)
        // A multi-line raw string leaves out the newline before its closing quotes: one is added, so the string is
        // the file exactly, its last newline included.
        source += "        \"\(key)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
    }
    source += "    ]\n}\n"
    return source
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

// MARK: - Main

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count > 3 else {
    FileHandle.standardError.write(Data("usage: voz-embed ENUM OUTPUT ROOT [--drop-extension] FILE...\n".utf8))
    exit(2)
}
let name = arguments.removeFirst()
let output = arguments.removeFirst()
let root = URL(fileURLWithPath: arguments.removeFirst()).standardizedFileURL.path
let dropsExtension = arguments.first == "--drop-extension"
if dropsExtension { arguments.removeFirst() }
var files: [(key: String, text: String)] = []
for path in arguments {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    guard url.path.hasPrefix(root + "/") else { fail("\(path) is not under \(root).") }
    var key = String(url.path.dropFirst(root.count + 1))
    if dropsExtension { key = (key as NSString).deletingPathExtension }
    // The key is Swift source and a name the program looks up: nothing that could end the string literal.
    guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || "_-./".contains($0) }) else {
        fail("\(path): its name must be letters, digits, _, -, . and / only, such as pt_BR.po.")
    }
    do {
        files.append((key, try String(contentsOf: url, encoding: .utf8)))
    } catch {
        fail("\(path) cannot be read as UTF-8 text: \(error)")
    }
}
do {
    let source = swiftSource(name: name, root: root, files: files.sorted { $0.key < $1.key })
    // Written only when it changed, so a build with the same files recompiles nothing.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    fail("\(output) cannot be written: \(error)")
}
