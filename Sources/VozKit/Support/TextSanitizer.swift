/// Removes what a terminal or a speech engine would act on instead of showing: escape sequences (colour,
/// screen clearing, OSC 52 clipboard writes, title changes), control characters, bidirectional overrides and
/// zero-width characters.
///
/// Everything Voz prints or speaks that did not come from its own catalog passes through here: server messages,
/// typed lines, values read back.
public enum TextSanitizer {
    /// The text without escape sequences or invisible characters. Line breaks and tabs become spaces when
    /// `keepLineBreaks` is false.
    public static func clean(_ text: String, keepLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isInvisibleOrControl) else { return text }
        var scalars = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\u{1B}" || scalar == "\u{9B}" || scalar == "\u{9D}" {
                skipEscapeSequence(after: scalar, &iterator)
                continue
            }
            if isInvisibleOrControl(scalar) {
                if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                    scalars.append(keepLineBreaks && scalar == "\n" ? "\n" : " ")
                }
                continue
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// A typed line as the session keeps it: cleaned, spaces otherwise as typed.
    public static func inputLine(_ line: String) -> String {
        clean(line)
    }

    /// Skips the rest of an escape sequence: CSI (`ESC [ … final`), OSC (`ESC ] … BEL or ST`), or a two-character
    /// escape.
    private static func skipEscapeSequence(
        after introducer: Unicode.Scalar, _ iterator: inout String.UnicodeScalarView.Iterator
    ) {
        var kind = introducer
        if introducer == "\u{1B}" {
            guard let next = iterator.next() else { return }
            kind = next
        }
        switch kind {
        case "[", "\u{9B}":
            while let next = iterator.next(), !(0x40...0x7E).contains(next.value) {}
        case "]", "P", "_", "^", "\u{9D}":
            // Ends at BEL or at ST (ESC \).
            while let next = iterator.next() {
                if next == "\u{07}" || next == "\u{9C}" { break }
                if next == "\u{1B}" {
                    _ = iterator.next()
                    break
                }
            }
        default:
            return
        }
    }

    /// Control characters (C0, DEL, C1), bidirectional embeddings, overrides, isolates and marks, zero-width
    /// characters and the byte order mark.
    public static func isInvisibleOrControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x200B, 0x200C, 0x2060, 0xFEFF: return true
        default: return false
        }
    }
}
