import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Timestamps as the service writes them: ISO 8601 in UTC with milliseconds.
///
/// Formatted with the C library's `strftime`: Foundation's ISO 8601 style loads ICU's calendar and time zone data,
/// a mebibyte of memory inside `voz demo` for a column of the database.
enum DemoClock {
    static func timestamp(_ date: Date = Date()) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds.quotient(dividingBy: 1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
        let fraction = String(1000 + milliseconds.remainder(dividingBy: 1000)).dropFirst()
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) + "." + fraction
            + "Z"
    }
}

extension Int64 {
    /// Floor division, so dates before 1970 still split into a second and a positive fraction.
    fileprivate func quotient(dividingBy divisor: Int64) -> Int64 {
        (self - remainder(dividingBy: divisor)) / divisor
    }

    fileprivate func remainder(dividingBy divisor: Int64) -> Int64 {
        ((self % divisor) + divisor) % divisor
    }
}
