import VozJSON

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

    /// A line as it may reach a terminal: what `clean` leaves, with its line breaks kept.
    ///
    /// The boundary rule: everything Voz prints passes through here where it is printed, whatever its source
    /// (descriptions, recordings, replies, form files, values from the command line), so no field of any of them
    /// can reach the user's terminal raw, however it travelled.
    public static func printable(_ text: String) -> String {
        clean(text.replacingCRLF, keepLineBreaks: true)
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
    /// characters and the byte order mark: the package's one list, `InvisibleScalars`.
    public static func isInvisibleOrControl(_ scalar: Unicode.Scalar) -> Bool {
        InvisibleScalars.contains(scalar)
    }
}

extension String {
    /// The text with Windows line ends as plain ones, so a `\r` before a line break does not become a space.
    fileprivate var replacingCRLF: String {
        guard unicodeScalars.contains("\r") else { return self }
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in unicodeScalars {
            if scalar == "\n", previous == "\r" { scalars.removeLast() }
            scalars.append(scalar)
            previous = scalar
        }
        return String(scalars)
    }
}
