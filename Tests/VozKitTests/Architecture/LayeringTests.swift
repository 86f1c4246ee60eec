import Foundation
import Testing

/// The folders of VozKit depend one way: Form → Accessibility → Submission → Session → Speech (issue 15). Below
/// Session, a folder may name the types of the folders before it in that chain, never those after it: politeness,
/// for one, is the accessibility layer's idea, so Submission says how urgent its progress is without naming speech.
/// Session joins submission to speech, so it may name both.
@Suite struct LayeringTests {
    static let chain = ["Form", "Accessibility", "Submission", "Session", "Speech"]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/VozKit")

    @Test(arguments: ["Form", "Accessibility", "Submission"])
    func aFolderNamesNoTypeOfTheFoldersAfterIt(folder: String) throws {
        let index = try #require(Self.chain.firstIndex(of: folder))
        var later: [String: String] = [:]
        for after in Self.chain[(index + 1)...] {
            for type in try Self.declaredTypes(in: after) { later[type] = after }
        }
        #expect(later["Announcement"] != nil, "the scan found no Speech types; is the path right?")
        var offences: [String] = []
        for (file, code) in try Self.files(in: folder) {
            let used = Self.identifiers(in: code)
            for name in used.sorted() where later[name] != nil {
                offences.append("\(folder)/\(file) names \(name) from \(later[name] ?? "")")
            }
        }
        #expect(offences.isEmpty, "\(offences.joined(separator: "; "))")
    }

    // MARK: - Scanning

    /// The Swift files of one folder (recursively), with comments and string literals removed.
    static func files(in folder: String) throws -> [(String, String)] {
        let root = sources.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var result: [(String, String)] = []
        for case let file as String in walker where file.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            result.append((file, strippingCommentsAndStrings(text)))
        }
        #expect(!result.isEmpty, "no Swift files in \(root.path)")
        return result
    }

    /// The names of the top-level types a folder declares: structs, enums, classes, actors, protocols, aliases.
    /// Nested types (`TranscriptEvent.Kind`) are reached through their outer type's name, which is enough.
    static func declaredTypes(in folder: String) throws -> Set<String> {
        let keywords: Set<String> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
        var names: Set<String> = []
        for (_, code) in try files(in: folder) {
            for line in code.split(separator: "\n") where line.first?.isLetter == true {
                let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
                guard let keyword = words.firstIndex(where: keywords.contains), keyword + 1 < words.count else {
                    continue
                }
                names.insert(words[keyword + 1])
            }
        }
        return names
    }

    static func identifiers(in code: String) -> Set<String> {
        Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
    }

    /// Code without `//` and `/* */` comments or the contents of string literals, so prose may name anything.
    static func strippingCommentsAndStrings(_ text: String) -> String {
        var output = ""
        var characters = Array(text)[...]
        var inString = false
        while let character = characters.first {
            if inString {
                if character == "\\" {
                    characters = characters.dropFirst(2)
                    continue
                }
                if character == "\"" { inString = false }
                characters = characters.dropFirst()
                continue
            }
            if character == "/", characters.dropFirst().first == "/" {
                characters = characters.drop(while: { $0 != "\n" })
                continue
            }
            if character == "/", characters.dropFirst().first == "*" {
                let rest = String(characters.dropFirst(2))
                guard let end = rest.range(of: "*/") else { break }
                characters = Array(rest[end.upperBound...])[...]
                continue
            }
            if character == "\"" {
                inString = true
                output.append(" ")
            } else {
                output.append(character)
            }
            characters = characters.dropFirst()
        }
        return output
    }
}
