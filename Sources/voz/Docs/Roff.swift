/// Escapes text for roff (man pages), so option names, backslashes and lines that begin with a dot or an
/// apostrophe print as written instead of being read as requests.
enum Roff {
    /// Prose: backslashes escaped, dashes that begin a word (`--speech`, `-h`) as `\-` so they stay ASCII
    /// hyphen-minus when copied from the rendered page, and a leading `.` or `'` neutralised.
    static func text(_ string: String) -> String {
        var result = ""
        var previous: Character?
        for character in string {
            switch character {
            case "\\":
                result += "\\e"
            case "-" where previous == nil || previous == " " || previous == "-" || previous == "(" || previous == "[":
                result += "\\-"
            default:
                result.append(character)
            }
            previous = character
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// An option name as it is typed: `--speech`.
    static func option(_ name: String) -> String {
        "\\-\\-" + name.replacingOccurrences(of: "-", with: "\\-")
    }

    /// A value placeholder in italics: `\fIFILE\fR`.
    static func placeholder(_ name: String) -> String {
        "\\fI" + text(name) + "\\fR"
    }

    /// A bold word: `\fBvoz\fR`.
    static func bold(_ string: String) -> String {
        "\\fB" + text(string) + "\\fR"
    }
}
