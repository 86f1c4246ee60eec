import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// ISO 8601 timestamps in UTC with milliseconds (`2026-11-29T18:00:00.123Z`), made with the C library.
///
/// Foundation's ISO 8601 formatters build an ICU calendar and time zone on first use, which pulls about a
/// mebibyte of ICU data into memory for a log line's date (the memory goal of make bench).
public enum UTCTimestamp {
    /// `date` (now unless told) as `2026-11-29T18:00:00.123Z`: UTC, milliseconds rounded down.
    public static func string(from date: Date = Date()) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        var seconds = time_t(floor(milliseconds / 1000))
        let fraction = Int(milliseconds - Double(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2) + "T"
            + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2) + "."
            + pad(Int32(fraction), 3) + "Z"
    }
}
