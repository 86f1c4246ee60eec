import Foundation

// The build tool behind the EmbedCatalogs plugin: `voz-embed-catalogs OUTPUT PO...` writes OUTPUT, a Swift file
// holding each PO file's text as a raw string under its language tag (the file's name without `.po`).

// MARK: - Writing the Swift file

/// The raw-string delimiter for `text`: one `#` more than its longest run, so nothing in a PO file can end the string
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

func swiftSource(catalogs: [(tag: String, text: String)]) -> String {
    var source = """
        // swift-format-ignore-file
        // Generated at build time by the EmbedCatalogs plugin from po/*.po. Edit the PO files, not this.

        /// The PO files, by language tag, as they were when Voz was built.
        enum EmbeddedCatalogs {
            static let files: [String: String] = [

        """
    for (tag, text) in catalogs {
        let hashes = delimiter(for: text)
        // A multi-line raw string leaves out the newline before its closing quotes; the file's own last one goes there.
        let body = text.hasSuffix("\n") ? text : text + "\n"
        source += "        \"\(tag)\": \(hashes)\"\"\"\n\(body)\"\"\"\(hashes),\n"
    }
    source += "    ]\n}\n"
    return source
}

// MARK: - Main

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first, arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: voz-embed-catalogs OUTPUT PO...\n".utf8))
    exit(2)
}
var catalogs: [(tag: String, text: String)] = []
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let tag = url.deletingPathExtension().lastPathComponent
    guard tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
        let message = "\(path): a catalog's name must be a language tag, such as pt_BR.po.\n"
        FileHandle.standardError.write(Data(message.utf8))
        exit(1)
    }
    do {
        catalogs.append((tag, try String(contentsOf: url, encoding: .utf8)))
    } catch {
        FileHandle.standardError.write(Data("\(path) cannot be read as UTF-8 text: \(error)\n".utf8))
        exit(1)
    }
}
do {
    let source = swiftSource(catalogs: catalogs)
    // Written only when it changed, so a build with the same catalogs recompiles nothing.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("\(output) cannot be written: \(error)\n".utf8))
    exit(1)
}
