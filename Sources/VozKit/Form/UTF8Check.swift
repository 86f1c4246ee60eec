import Foundation

/// Finds the first byte sequence that is not well-formed UTF-8 (Unicode 15, table 3-7), by line.
enum UTF8Check {
    /// The 1-based line of the first malformed sequence, or nil when all the bytes are UTF-8.
    static func firstInvalidLine(_ bytes: [UInt8]) -> Int? {
        var line = 1
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0x0A { line += 1 }
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                // Surrogate code points are not characters; UTF-8 must not encode them.
                length = 3
                secondRange = 0x80...0x9F
            case 0xF0:
                length = 4
                secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondRange = 0x80...0x8F
            default: return line
            }
            guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return line }
            for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return line }
            index += length
        }
        return nil
    }
}
