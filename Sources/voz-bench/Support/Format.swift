import Foundation

/// How figures are written in the table: short, with their unit, three significant digits at most.
enum Format {
    /// A time in seconds as µs, ms or s.
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "—" }
        if seconds == 0 { return "0" }
        let magnitude = abs(seconds)
        if magnitude < 1e-3 { return number(seconds * 1e6) + " µs" }
        if magnitude < 1 { return number(seconds * 1e3) + " ms" }
        return number(seconds) + " s"
    }

    /// Median and 95th percentile of time samples: "0.12 ms (p95 0.3 ms)".
    static func times(_ samples: Samples) -> String {
        "\(time(samples.median)) (p95 \(time(samples.p95)))"
    }

    /// Bytes as MiB.
    static func mebibytes(_ bytes: Int) -> String {
        number(Double(bytes) / 1_048_576) + " MiB"
    }

    /// A rate per second.
    static func rate(_ perSecond: Double, unit: String) -> String {
        guard perSecond.isFinite else { return "—" }
        return number(perSecond) + " " + unit
    }

    /// How many times what Voz costs the alternative costs: "12×", "0.8×"; "—" when Voz costs nothing.
    static func ratio(_ alternative: Double, _ voz: Double) -> String {
        let value = alternative / voz
        guard value.isFinite, value > 0 else { return "—" }
        return number(value) + "×"
    }

    /// Three significant digits, no exponent, no trailing zeros beyond what is meaningful.
    static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals: Int
        switch magnitude {
        case 100...: decimals = 0
        case 10..<100: decimals = 1
        case 1..<10: decimals = 2
        default: decimals = 3
        }
        return String(format: "%.\(decimals)f", value)
    }
}
