/// A JSON number as written, with checked conversions that answer nil rather than trap or round silently.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal text, valid JSON number grammar (`-0.5E-1`).
    public let literal: String

    /// A number from its literal text; the text is trusted to be JSON number grammar (the parser checks it).
    public init(literal: String) {
        self.literal = literal
    }

    /// An integer, written as its decimal digits.
    public init(_ value: Int) {
        self.literal = String(value)
    }

    /// A finite double, written as an integer when it is one (`3`, not `3.0`) and exact; nil when not finite.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            self.literal = String(Int64(value))
        } else {
            self.literal = String(value)
        }
    }

    public var description: String { literal }

    // MARK: - Conversions

    /// Whether the literal has no fraction and no exponent.
    public var isIntegerLiteral: Bool {
        !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as a 64-bit integer, when it is a whole number that fits (`12`, `1.0`, `2e3`); nil otherwise.
    public var int64: Int64? {
        if isIntegerLiteral { return Int64(literal) }
        // A fraction or exponent that still names a whole number: exact only within a double's 53 bits.
        guard let value = double, value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int64(value)
    }

    /// The value as an `Int`, when it is a whole number that fits.
    public var int: Int? {
        int64.flatMap { Int(exactly: $0) }
    }

    /// The value as a finite double (rounded to the nearest one); nil when it overflows (`1e999`).
    public var double: Double? {
        guard let value = Double(literal), value.isFinite else { return nil }
        return value
    }
}
