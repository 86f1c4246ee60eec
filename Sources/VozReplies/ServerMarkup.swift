import Foundation

/// Turns a server message written with markup into its words: `El correo <b>ya existe</b>.` is "El correo ya
/// existe.", `<a href="…">inicia sesión</a>` is "inicia sesión", `&amp;` is "&".
///
/// A server's sentence is the one thing that tells the user what went wrong, so markup is cleaned rather than the
/// whole message thrown away. Script and style content and comments are never words; a URL is never said.
/// Escape sequences and control characters are left for `TextSanitizer`, which runs after this.
enum ServerMarkup {
    /// The text with tags removed (block tags become a space), comments, scripts and styles dropped, and
    /// character references decoded. Text without `<` or `&` comes back unchanged.
    static func words(_ text: String) -> String {
        guard text.contains("<") || text.contains("&") else { return text }
        var result = text
        for pattern in droppedWhole {
            result = result.replacingOccurrences(of: pattern, with: " ", options: [.regularExpression])
        }
        result = replacingTags(in: result)
        return decodingReferences(in: result)
    }

    // MARK: - Tags

    /// Comments, and elements whose content is code rather than words.
    private static let droppedWhole = [
        "<!--[\\s\\S]*?(-->|$)",
        "(?i)<script\\b[\\s\\S]*?(</script\\s*>|$)",
        "(?i)<style\\b[\\s\\S]*?(</style\\s*>|$)",
    ]

    /// Inline elements: their tags vanish without a space, so `ya <b>existe</b>` stays three words.
    private static let inlineTags: Set<String> = [
        "a", "abbr", "b", "bdi", "cite", "code", "em", "font", "i", "kbd", "mark", "q", "s", "samp", "small",
        "span", "strong", "sub", "sup", "u", "var", "emphasis", "prosody", "say-as",
    ]

    private static let tagPattern = "</?([A-Za-z][A-Za-z0-9:-]*)\\b[^<>]*>|<![^<>]*>|<\\?[^<>]*>"

    private static func replacingTags(in text: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: tagPattern) else { return text }
        let source = text as NSString
        var result = ""
        var last = 0
        for match in expression.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            result += source.substring(with: NSRange(location: last, length: match.range.location - last))
            let nameRange = match.range(at: 1)
            let name = nameRange.location == NSNotFound ? "" : source.substring(with: nameRange).lowercased()
            result += inlineTags.contains(name) ? "" : " "
            last = match.range.location + match.range.length
        }
        result += source.substring(from: last)
        return result
    }

    // MARK: - Character references

    /// Named references servers use in messages: markup's own, punctuation, and the letters of Spanish.
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "uuml": "ü", "ntilde": "ñ",
        "Aacute": "Á", "Eacute": "É", "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú", "Uuml": "Ü", "Ntilde": "Ñ",
        "ccedil": "ç", "iexcl": "¡", "iquest": "¿", "laquo": "«", "raquo": "»", "hellip": "…", "ndash": "–",
        "mdash": "—", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "euro": "€", "copy": "©",
        "deg": "°", "middot": "·",
    ]

    /// `&name;`, `&#233;` and `&#xE9;` decoded; an unknown or impossible reference is left as written.
    private static func decodingReferences(in text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";"),
                let decoded = reference(String(after[..<semicolon]))
            else {
                result += "&"
                rest = after
                continue
            }
            result += decoded
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func reference(_ name: String) -> String? {
        if let text = named[name] { return text }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }
}
