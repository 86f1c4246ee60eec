/// A JSON Schema `format` Voz checks itself, as JSON Schema 2020-12 defines it (RFC 3339 dates and times, RFC 3986
/// URIs, RFC 4122 UUIDs, RFC 2673 and RFC 4291 addresses): `rules.format` of a text field. Any other format an API
/// names is left to its server.
public enum TextFormat: String, Sendable, Equatable, CaseIterable {
    /// A calendar date, `1990-12-31` (RFC 3339 `full-date`).
    case date
    /// A date and time with its offset, `1990-12-31T23:59:59Z` (RFC 3339 `date-time`).
    case dateTime = "date-time"
    /// A time with its offset, `23:59:59+01:00` (RFC 3339 `full-time`).
    case time
    /// An e-mail address.
    case email
    /// An absolute URI with its scheme (RFC 3986).
    case uri
    /// A UUID in its 36-character hexadecimal form (RFC 4122).
    case uuid
    /// An IPv4 address in dotted decimal, `192.0.2.1`.
    case ipv4
    /// An IPv6 address, `2001:db8::1`.
    case ipv6

    /// Whether `text` is a value of this format.
    public func accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        switch self {
        case .date: return Self.isDate(bytes[...])
        case .time: return Self.isTime(bytes[...])
        case .dateTime:
            guard let separator = bytes.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") })
            else { return false }
            return Self.isDate(bytes[..<separator]) && Self.isTime(bytes[(separator + 1)...])
        case .email: return EmailSyntax.problem(in: text) == nil
        case .uri: return Self.isURI(bytes)
        case .uuid: return Self.isUUID(bytes)
        case .ipv4: return Self.isIPv4(bytes[...])
        case .ipv6: return Self.isIPv6(text)
        }
    }

    // MARK: - Dates and times (RFC 3339)

    /// `full-date`: four digits, a month 01–12 and a day that month has (29 February only in a leap year).
    static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = number(parts[0]), let month = number(parts[1]), let day = number(parts[2]),
            (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// `full-time`: hh:mm:ss, optional fraction, then `Z` or an offset ±hh:mm (a leap second, :60, is allowed).
    static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let chars = Array(bytes)
        guard chars.count >= 9, chars[2] == UInt8(ascii: ":"), chars[5] == UInt8(ascii: ":"),
            let hour = number(chars[0..<2]), let minute = number(chars[3..<5]), let second = number(chars[6..<8]),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = 8
        if chars[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < chars.count, isDigit(chars[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < chars.count else { return false }
        let zone = chars[index...]
        if zone.count == 1, zone.first == UInt8(ascii: "Z") || zone.first == UInt8(ascii: "z") { return true }
        let offset = Array(zone)
        guard offset.count == 6, offset[0] == UInt8(ascii: "+") || offset[0] == UInt8(ascii: "-"),
            offset[3] == UInt8(ascii: ":"), let hours = number(offset[1..<3]), let minutes = number(offset[4..<6])
        else { return false }
        return hours <= 23 && minutes <= 59
    }

    // MARK: - Identifiers and addresses

    /// 8-4-4-4-12 hexadecimal digits.
    static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        return bytes.enumerated().allSatisfy { offset, byte in
            [8, 13, 18, 23].contains(offset) ? byte == UInt8(ascii: "-") : isHex(byte)
        }
    }

    /// Four numbers 0–255 with dots, no leading zeros.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                guard (1...3).contains(part.count), let value = number(part), value <= 255 else { return false }
                return part.count == 1 || part.first != UInt8(ascii: "0")
            }
    }

    /// Eight groups of up to four hex digits, `::` once for a run of zeros, an IPv4 address as the last two.
    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.allSatisfy({ isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
        else { return false }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                let isLast = index == halves.count - 1 && position == parts.count - 1
                if isLast, part.contains(".") {
                    guard isIPv4(Array(part.utf8)[...]) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(part.count), part.utf8.allSatisfy(isHex) else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    /// An absolute URI: a scheme (a letter, then letters, digits, `+`, `-`, `.`), a colon, then only characters
    /// RFC 3986 allows, each `%` followed by two hex digits.
    static func isURI(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
            bytes[1..<colon].allSatisfy({ isLetter($0) || isDigit($0) || "+-.".utf8.contains($0) })
        else { return false }
        let allowed = Set("-._~:/?#[]@!$&'()*+,;=".utf8)
        var index = colon + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isLetter(byte) || isDigit(byte) || allowed.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    // MARK: - Characters

    private static func number<C: Collection>(_ digits: C) -> Int? where C.Element == UInt8 {
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
