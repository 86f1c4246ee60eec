import Foundation

/// Reads HTTP's `Retry-After`: a number of seconds, or an HTTP date (RFC 9110 §10.2.3).
public enum RetryAfter {
    /// The longest wait said as a number; anything longer is "more than six hours" — nobody waits at a form that
    /// long, and a server's absurd value (or one beyond 64 bits) must not reach the clock or the speech.
    public static let longestSpokenWait: Double = 6 * 3600

    /// What a longer wait is stored as: just over six hours, so it still compares as too long to wait for.
    public static let beyondLongestWait: Double = longestSpokenWait + 1

    /// The wait bounded to what Voz can say and sleep: negative or unreadable values are nil, longer ones
    /// `beyondLongestWait`; `capped` tells the caller to log the raw value.
    public static func bounded(_ seconds: Double?) -> (seconds: Double?, capped: Bool) {
        guard let seconds, !seconds.isNaN, seconds >= 0 else { return (nil, false) }
        guard seconds <= longestSpokenWait else { return (beyondLongestWait, true) }
        return (seconds, false)
    }

    /// Seconds to wait from when the reply arrived, or nil when the value is missing or unreadable.
    ///
    /// A date is measured from the reply's own `Date` header when it has a readable one — so a client whose
    /// clock is wrong still waits as long as the server meant — and otherwise from `now`. A date in the past
    /// means no wait (0).
    public static func seconds(_ value: String?, replyDate: String? = nil, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) {
            return Double(value)
        }
        guard let date = httpDate(value) else { return nil }
        let reference = replyDate.flatMap(httpDate) ?? now
        return max(0, date.timeIntervalSince(reference).rounded(.up))
    }

    /// Parses an HTTP date in IMF-fixdate, the obsolete RFC 850 form, or asctime's form.
    public static func httpDate(_ text: String) -> Date? {
        let formats = [
            "EEE, dd MMM yyyy HH:mm:ss zzz",
            "EEEE, dd-MMM-yy HH:mm:ss zzz",
            "EEE MMM d HH:mm:ss yyyy",
        ]
        // asctime pads the day with a space ("Nov  6"); one space between fields reads every form.
        let trimmed = text.split(separator: " ").joined(separator: " ")
        for format in formats {
            // DateFormatter is not Sendable, so each parse makes its own; replies are few.
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }
}
