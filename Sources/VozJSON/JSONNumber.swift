/// A JSON number as written, with checked conversions that answer nil rather than trap or round silently.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal text, valid JSON number grammar (`-0.5E-1`).
    public let literal: String
    /// The value of a literal of digits alone, when the parser already read it as a 64-bit integer: a transcript
    /// line's time is then never read twice.
    let knownInteger: Int64?

    /// A number from its literal text; the text is trusted to be JSON number grammar (the parser checks it).
    public init(literal: String) {
        self.literal = literal
        self.knownInteger = nil
    }

    init(literal: String, integer: Int64?) {
        self.literal = literal
        self.knownInteger = integer
    }

    /// An integer, written as its decimal digits.
    public init(_ value: Int) {
        self.literal = String(value)
        self.knownInteger = Int64(exactly: value)
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.literal == rhs.literal }

    public func hash(into hasher: inout Hasher) { hasher.combine(literal) }

    /// A finite double, written as an integer when it is one (`3`, not `3.0`) and exact; nil when not finite.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            self.literal = String(Int64(value))
            self.knownInteger = Int64(value)
        } else {
            self.literal = String(value)
            self.knownInteger = nil
        }
    }

    public var description: String { literal }

    // MARK: - Conversions

    /// Whether the literal has no fraction and no exponent.
    public var isIntegerLiteral: Bool {
        !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as a 64-bit integer, when it is exactly a whole number that fits (`12`, `1.0`, `2e3`); nil for
    /// a fraction (`1.5`, `1e-999`) or a number out of range (`9223372036854775808`). Decided on the decimal
    /// digits, never through a rounded double.
    public var int64: Int64? {
        if let knownInteger { return knownInteger }
        if isIntegerLiteral { return Int64(literal) }
        guard let parts = decimalParts else { return nil }
        var digits = parts.digits
        var exponent = parts.exponent
        while digits.last == 0, exponent < 0 {
            digits.removeLast()
            exponent += 1
        }
        while digits.first == 0 { digits.removeFirst() }
        if digits.isEmpty { return 0 }
        guard exponent >= 0, digits.count + exponent <= 19 else { return nil }
        // Accumulated as a negative number, so Int64.min fits too.
        var value: Int64 = 0
        for digit in digits + Array(repeating: 0, count: exponent) {
            let shifted = value.multipliedReportingOverflow(by: 10)
            let next = shifted.partialValue.subtractingReportingOverflow(Int64(digit))
            guard !shifted.overflow, !next.overflow else { return nil }
            value = next.partialValue
        }
        if parts.negative { return value }
        return value == .min ? nil : -value
    }

    /// The literal as its sign, its decimal digits as written (leading and trailing zeros kept) and the power of
    /// ten they are multiplied by: `-1.50e2` is negative, 1 5 0, 0. The exponent is capped far beyond any a 64-bit
    /// number reaches; nil when the text is not a number's.
    public var decimalParts: (negative: Bool, digits: [UInt8], exponent: Int)? {
        var digits: [UInt8] = []
        var exponent = 0
        var negative = false
        var inFraction = false
        var bytes = literal.utf8.makeIterator()
        scan: while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard let written = Self.exponent(&bytes) else { return nil }
                exponent += written
                break scan
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits.append(byte - UInt8(ascii: "0"))
                if inFraction { exponent -= 1 }
            default: return nil
            }
        }
        return (negative, digits, exponent)
    }

    /// The exponent after `e`, capped far beyond any that can name an `Int64`, so it never overflows.
    private static func exponent(_ bytes: inout String.UTF8View.Iterator) -> Int? {
        var sign = 1
        var value = 0
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "+"): continue
            case UInt8(ascii: "-"): sign = -1
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
            default: return nil
            }
        }
        return sign * value
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
