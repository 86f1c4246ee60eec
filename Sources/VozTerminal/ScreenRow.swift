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

    /// Whether the row shows nothing but spaces.
    public var isBlank: Bool { text.allSatisfy { $0 == " " } }

    /// The row's text without leading or trailing blanks.
    public var trimmed: String {
        String(text.drop { $0 == " " })
    }

    /// Whether any stretch of the row is in reverse video or on a coloured background.
    public var hasHighlight: Bool { styled.contains { $0.style.highlighted && !$0.text.allSatisfy(\.isWhitespace) } }
}
