import VozJSON

/// A finite number as the decimal digits it is written with, so that `multipleOf` is decided exactly: 19.99 is a
/// multiple of 0.01, although neither is one in binary floating point.
///
/// A `Double` is read through its shortest round-trip text (`19.99`, `1e-08`), which is the decimal the user typed
/// or the form file wrote whenever that had 17 significant digits or fewer.
struct DecimalDigits: Equatable {
    /// The significant digits, without leading or trailing zeros; empty for zero.
    var digits: [UInt8]
    /// The power of ten the digits are multiplied by.
    var exponent: Int

    init?(_ value: Double) {
        guard value.isFinite else { return nil }
        self.init(text: String(abs(value)))
    }

    /// Reads `123.45`, `1e-08`, `1.5e+300` (JSON number grammar, which a `Double`'s text also is).
    init?(text: String) {
        guard var (_, digits, exponent) = JSONNumber(literal: text).decimalParts else { return nil }
        while digits.first == 0 { digits.removeFirst() }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// Whether `self` is a whole multiple of `step` (a step of zero has no multiples but zero).
    func isMultiple(of step: DecimalDigits) -> Bool {
        if digits.isEmpty { return true }
        guard !step.digits.isEmpty else { return false }
        // self / step = (a × 10^p) / (b × 10^q). Neither a nor b ends in zero, so with p < q it is no whole number.
        let shift = exponent - step.exponent
        guard shift >= 0 else { return false }
        guard let divisor = Self.integer(step.digits) else { return false }
        // (a × 10^shift) mod b, digit by digit; the remainder stays below b, so nothing overflows.
        var remainder: UInt64 = 0
        for digit in digits + repeatElement(0, count: min(shift, 100_000)) {
            let (high, low) = remainder.multipliedFullWidth(by: 10)
            let (sum, carry) = low.addingReportingOverflow(UInt64(digit))
            remainder = divisor.dividingFullWidth((high + (carry ? 1 : 0), sum)).remainder
        }
        return remainder == 0
    }

    /// The digits as one integer, when they fit in 64 bits.
    private static func integer(_ digits: [UInt8]) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }
}
