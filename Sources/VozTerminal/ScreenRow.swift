/// How a stretch of cells looks: the attributes a sighted user sees and a screen reader does not say.
public struct CellStyle: Sendable, Equatable, Hashable {
    /// Bold, or bright, text.
    public var bold = false
    /// Underlined text.
    public var underline = false
    /// Blinking text.
    public var blink = false
    /// Reverse video: foreground and background swapped.
    public var reverse = false
    /// -1 for the terminal's default colour; 0–255 a palette index; above that, a direct RGB colour.
    public var foreground: Int32 = -1
    /// The background colour, numbered as `foreground` is.
    public var background: Int32 = -1

    /// A style with these attributes; plain unless told.
    public init(
        bold: Bool = false, underline: Bool = false, blink: Bool = false, reverse: Bool = false,
        foreground: Int32 = -1, background: Int32 = -1
    ) {
        self.bold = bold
        self.underline = underline
        self.blink = blink
        self.reverse = reverse
        self.foreground = foreground
        self.background = background
    }

    /// No attribute and the default colours: what most text is drawn in.
    public static let plain = CellStyle()

    /// Whether the stretch is marked by colour (foreground or background).
    public var colored: Bool { foreground >= 0 || background >= 0 }

    /// Whether the stretch stands out from plain text in a way a listener cannot hear.
    public var highlighted: Bool { reverse || background >= 0 }
}

/// A stretch of one row drawn in one non-plain style.
public struct StyledRun: Sendable, Equatable, Hashable {
    /// 0-based column where the stretch starts.
    public var column: Int
    /// The stretch's text.
    public var text: String
    /// How the stretch is drawn.
    public var style: CellStyle

    /// A stretch of `text` from `column`, drawn in `style`.
    public init(column: Int, text: String, style: CellStyle) {
        self.column = column
        self.text = text
        self.style = style
    }
}

/// One screen row as the terminal shows it: its text (trailing blanks dropped) and the stretches drawn in a
/// non-plain style.
public struct ScreenRow: Sendable, Equatable, Hashable {
    /// The row's text, trailing blanks dropped.
    public var text: String
    /// The stretches drawn in a non-plain style, left to right.
    public var styled: [StyledRun]

    /// A row showing `text`, with these styled stretches.
    public init(text: String = "", styled: [StyledRun] = []) {
        self.text = text
        self.styled = styled
    }

    /// A row with nothing on it.
    public static let blank = ScreenRow()

    /// Whether the row shows nothing but blanks. Decided on the bytes: a Character is `" "` only when it is the
    /// one scalar U+0020, so a text is all blanks exactly when its bytes are.
    public var isBlank: Bool { text.utf8.allSatisfy { $0 == 0x20 } }

    /// The row's text without leading or trailing blanks.
    public var trimmed: String {
        String(text.drop { $0 == " " })
    }

    /// Whether any stretch of the row is in reverse video or on a coloured background.
    public var hasHighlight: Bool { styled.contains { $0.style.highlighted && !$0.text.allSatisfy(\.isWhitespace) } }
}

// MARK: - Comparing rows

extension ScreenRow {
    /// `self == other`, with the texts compared on their bytes where that decides it: a replay compares every row
    /// it reads with what the row held, and String's own comparison normalizes any text that is not ASCII (an
    /// hour of a progress bar's blocks) before it compares.
    func isSame(as other: ScreenRow) -> Bool {
        guard Self.sameText(text, other.text), styled.count == other.styled.count else { return false }
        for (mine, theirs) in zip(styled, other.styled) {
            guard mine.column == theirs.column, mine.style == theirs.style, Self.sameText(mine.text, theirs.text)
            else { return false }
        }
        return true
    }

    /// `left == right` as String compares them (canonical equivalence), decided on the bytes where they decide it:
    /// - the same bytes are the same text;
    /// - one text's bytes a prefix of the other's is a different text (the longer has scalars more, and
    ///   normalizing removes none);
    /// - texts that first differ at an ASCII byte in both are different: an ASCII character has no decomposition
    ///   and nothing is reordered across it, so their normal forms differ there too;
    /// - texts made only of ASCII and drawing glyphs (U+2500–U+25FF, U+2800–U+28FF) are already in the form String
    ///   compares: each of those scalars is its own canonical decomposition, with combining class 0.
    /// Anything else is left to String.
    static func sameText(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        let decided: Bool? = left.withUTF8 { first in
            right.withUTF8 { second in
                let index = firstDifference(first, second)
                if index == first.count || index == second.count { return first.count == second.count }
                if first[index] < 0x80 && second[index] < 0x80 { return false }
                return isInert(first) && isInert(second) ? false : nil
            }
        }
        return decided ?? (left == right)
    }

    /// The index of the first byte where the buffers differ, or the shorter one's length.
    static func firstDifference(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>)
        -> Int
    {
        let common = min(first.count, second.count)
        guard let left = first.baseAddress, let right = second.baseAddress else { return 0 }
        var index = 0
        while index + 8 <= common,
            UnsafeRawPointer(left + index).loadUnaligned(as: UInt64.self)
                == UnsafeRawPointer(right + index).loadUnaligned(as: UInt64.self)
        {
            index += 8
        }
        while index < common, left[index] == right[index] { index += 1 }
        return index
    }

    /// Whether UTF-8 bytes hold only ASCII and drawing glyphs (U+2500–U+25FF is E2 94–97 xx, U+2800–U+28FF is
    /// E2 A0–A3 xx).
    private static func isInert(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight bytes at a time while they are ASCII.
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            guard let length = drawingGlyphLength(bytes, at: index) else { return false }
            index += length
        }
        return true
    }

    /// 3 when the bytes at `index` are a drawing glyph (box drawing, blocks, geometric shapes, Braille: U+2500–U+25FF
    /// is E2 94–97 xx, U+2800–U+28FF is E2 A0–A3 xx), each a character of its own that is neither a letter nor a
    /// number and is its own canonical decomposition; nil for any other scalar past ASCII.
    @inlinable package static func drawingGlyphLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard bytes[index] == 0xE2, index + 2 < bytes.count else { return nil }
        let second = bytes[index + 1]
        guard (0x94...0x97).contains(second) || (0xA0...0xA3).contains(second), bytes[index + 2] & 0xC0 == 0x80
        else { return nil }
        return 3
    }
}
