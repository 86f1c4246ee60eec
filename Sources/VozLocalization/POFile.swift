import Foundation

/// A gettext PO file: its header fields and its messages, read the way `msgfmt` reads them.
///
/// Only what Voz's catalogs use is understood: `msgctxt`, `msgid`, `msgid_plural`, `msgstr` and `msgstr[N]`,
/// strings continued over several lines, and comments (kept for translators, ignored here). Obsolete entries
/// (`#~`) are skipped, as gettext does.
package struct POFile: Sendable, Equatable {
    /// One message: its context (Voz's key), its source text and its translations.
    package struct Entry: Sendable, Equatable {
        package var context: String?
        package var id: String
        package var idPlural: String?
        /// One string, or one a plural form (`msgstr[0]`, `msgstr[1]`, …).
        package var strings: [String]
        /// The line the entry starts on, for error messages.
        package var line: Int
    }

    /// The header's fields (`Language`, `Plural-Forms`, …).
    package let header: [String: String]
    /// The messages in file order, without the header.
    package let entries: [Entry]

    /// Reads PO text; `name` names the file in errors.
    package init(text: String, name: String) throws(POFileError) {
        // Read as UTF-8 bytes: the syntax is ASCII, and bytes are several times faster than Characters (the
        // catalogs are parsed when a session starts).
        var parser = POParser(name: name)
        let bytes = Array(text.utf8)
        var start = 0
        var number = 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            try parser.read(bytes[start..<end], number: number)
            start = end + 1
            number += 1
        }
        try parser.finish()
        var header: [String: String] = [:]
        var entries: [Entry] = []
        for entry in parser.entries {
            if entry.id.isEmpty && entry.context == nil {
                for field in (entry.strings.first ?? "").split(separator: "\n") {
                    guard let colon = field.firstIndex(of: ":") else { continue }
                    header[String(field[..<colon])] = field[field.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
            } else {
                entries.append(entry)
            }
        }
        self.header = header
        self.entries = entries
    }
}

/// What is wrong with a PO file, naming the file and line.
package enum POFileError: Error, Equatable, CustomStringConvertible {
    case syntax(file: String, line: Int, reason: String)
    case pluralForms(file: String, reason: String)

    package var description: String {
        switch self {
        case .syntax(let file, let line, let reason): return "\(file), line \(line): \(reason)."
        case .pluralForms(let file, let reason): return "\(file): the Plural-Forms header \(reason)."
        }
    }
}

// MARK: - Parsing

/// Reads a PO file line by line into entries.
private struct POParser {
    enum Field: Equatable {
        case context, id, idPlural, string(Int)
    }

    let name: String
    var entries: [POFile.Entry] = []
    private var current: POFile.Entry?
    private var field: Field?

    init(name: String) {
        self.name = name
    }

    mutating func read(_ raw: ArraySlice<UInt8>, number: Int) throws(POFileError) {
        let line = Self.trimmed(raw)
        guard let first = line.first, first != UInt8(ascii: "#") else {
            field = line.isEmpty ? nil : field
            return
        }
        if first == UInt8(ascii: "\"") {
            guard let field, current != nil else { throw syntax(number, "a string continues no keyword") }
            append(try unquote(line, number), to: field)
            return
        }
        let keywordEnd = line.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? line.endIndex
        let keyword = Self.keyword(line[..<keywordEnd])
        let value = try unquote(Self.trimmed(line[keywordEnd...]), number)
        switch keyword {
        case "msgctxt":
            try startEntry(number)
            field = .context
        case "msgid":
            if current?.context == nil || current?.id.isEmpty == false || field != .context { try startEntry(number) }
            field = .id
        case "msgid_plural":
            guard current != nil, field == .id else { throw syntax(number, "msgid_plural comes without a msgid") }
            field = .idPlural
        case "msgstr":
            guard current != nil, field == .id else { throw syntax(number, "msgstr comes without a msgid") }
            field = .string(0)
        default:
            guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                let index = Int(keyword.dropFirst("msgstr[".count).dropLast()), index >= 0
            else { throw syntax(number, "unknown keyword \(keyword)") }
            guard current?.idPlural != nil, current?.strings.count == index else {
                throw syntax(number, "\(keyword) is out of order or without a msgid_plural")
            }
            field = .string(index)
        }
        append(value, to: field ?? .id, starting: true)
    }

    mutating func finish() throws(POFileError) {
        if let current { try close(current) }
        current = nil
    }

    private mutating func startEntry(_ number: Int) throws(POFileError) {
        if let current { try close(current) }
        current = POFile.Entry(context: nil, id: "", idPlural: nil, strings: [], line: number)
    }

    private mutating func close(_ entry: POFile.Entry) throws(POFileError) {
        guard !entry.strings.isEmpty else { throw syntax(entry.line, "the entry has no msgstr") }
        entries.append(entry)
    }

    /// Adds to the entry in place: a copy of it, changed and put back, copied its strings for every line.
    private mutating func append(_ value: String, to field: Field, starting: Bool = false) {
        guard current != nil else { return }
        switch field {
        case .context:
            let before = starting ? "" : current?.context ?? ""
            current?.context = before + value
        case .id:
            let before = starting ? "" : current?.id ?? ""
            current?.id = before + value
        case .idPlural:
            let before = starting ? "" : current?.idPlural ?? ""
            current?.idPlural = before + value
        case .string(let index):
            if starting { current?.strings.append(value) } else { current?.strings[index] += value }
        }
    }

    /// The keywords every entry has, told from their bytes; any other is made a String (and is refused unless it
    /// is a `msgstr[N]`).
    private static let keywords = ["msgctxt", "msgid", "msgid_plural", "msgstr"].map { ($0, Array($0.utf8)) }

    private static func keyword(_ bytes: ArraySlice<UInt8>) -> String {
        keywords.first { $0.1.elementsEqual(bytes) }?.0 ?? String(decoding: bytes, as: UTF8.self)
    }

    /// The line without surrounding spaces, tabs and a carriage return.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// The text of one quoted PO string, with its C escapes read.
    private func unquote(_ text: ArraySlice<UInt8>, _ number: Int) throws(POFileError) -> String {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard text.count >= 2, text.first == quote, text.last == quote else {
            throw syntax(number, "expected a quoted string")
        }
        // Most strings hold no escape and no quote: their bytes are the text.
        let inner = text.dropFirst().dropLast()
        if !inner.contains(where: { $0 == quote || $0 == backslash }) { return String(decoding: inner, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var escaped = false
        for byte in text.dropFirst().dropLast() {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                case quote, backslash: result.append(byte)
                default:
                    let shown = String(decoding: [byte], as: UTF8.self)
                    throw syntax(number, "unknown escape \\\(shown)")
                }
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else if byte == quote {
                throw syntax(number, "a quote inside a string is not escaped")
            } else {
                result.append(byte)
            }
        }
        if escaped { throw syntax(number, "the string ends in a backslash") }
        return String(decoding: result, as: UTF8.self)
    }

    private func syntax(_ line: Int, _ reason: String) -> POFileError {
        .syntax(file: name, line: line, reason: reason)
    }
}
