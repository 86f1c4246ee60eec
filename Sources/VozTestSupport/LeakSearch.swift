import Foundation

/// Finds values a user typed in the files a run left behind, leaving out the time stamps those files write.
///
/// A three-digit security code is a substring of a millisecond count or a fractional second as often as one run in a
/// thousand, and a search that cannot tell the two apart fails at random. The stamps the files own — a transcript
/// event's `time`, a log entry's `time` and a draft's `savedAt` — are blanked before the search; nothing else is, so a
/// value that reached any other member, or the text around it, is still found.
public enum LeakSearch {
    /// The JSON members whose values are written by Voz's own clock, never by the user.
    public static let stampKeys = ["time", "savedAt"]

    /// Each needle found in `data`, its stamps blanked, in the order given.
    public static func needles(_ needles: [String], foundIn data: Data) -> [String] {
        let text = withoutStamps(String(decoding: data, as: UTF8.self))
        return needles.filter { text.contains($0) }
    }

    /// `text` with the value of every stamp member replaced by 0. A key inside an escaped string (`\"time\":`) is not
    /// matched: there the quote before `time` follows a backslash.
    public static func withoutStamps(_ text: String) -> String {
        guard let stamp else { return text }
        return stamp.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\"$1\":0")
    }

    /// A stamp member and its value, compiled once: every file of every run is searched through it.
    private static let stamp = try? NSRegularExpression(
        pattern: #"(?<!\\)"(\#(stampKeys.joined(separator: "|")))"\s*:\s*("[^"\\]*"|-?[0-9][0-9.eE+-]*)"#)
}
