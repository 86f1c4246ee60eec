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
        // The tokenizer reads what a terminal would act on (a sequence, a string up to its end, an 8-bit CSI or
        // OSC), so what is dropped here is exactly what a terminal would not show.
        var tokenizer = EscapeTokenizer()
        tokenizer.feed(text.utf8) { token in
            switch token {
            case .text(let bytes):
                for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where !isInvisibleOrControl(scalar)
                {
                    scalars.append(scalar)
                }
            case .control(let byte):
                if byte == 0x0A || byte == 0x09 || byte == 0x0D {
                    scalars.append(keepLineBreaks && byte == 0x0A ? "\n" : " ")
                }
            case .escape, .controlSequence, .string, .abandoned:
                break
            }
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
