import Testing
import VozTestSupport

@testable import VozTerminal

/// The event-line reader's own number and string paths give what `Double(text)` and `String(validating:)` give.
@Suite struct CastEventLineTests {
    static func time(_ number: String) -> Double? {
        var line = Array("[\(number), \"o\", \"x\"]".utf8)
        return line.withUnsafeMutableBytes { CastEventLine.parse(UnsafeRawBufferPointer($0))?.time }
    }

    @Test func timesAreReadAsDoubleReadsThem() {
        var random = SeededGenerator(seed: 51)
        var numbers = [
            "0", "-0", "0.0", "-0.5", "3599.900000", "0.000001", "123456789012345", "1234567890123456",
            "99999999999999999999999999", "1.5e3", "2E-2", "0.1", "0.2", "0.3", "17.000003", "999999.999999",
        ]
        for _ in 0..<20_000 {
            let whole = String(UInt64.random(in: 0...UInt64.max, using: &random) % 10_000_000_000)
            let fraction = String(UInt64.random(in: 0...UInt64.max, using: &random) % 10_000_000)
            let zeros = String(repeating: "0", count: Int.random(in: 0...6, using: &random))
            numbers.append((Bool.random(using: &random) ? "-" : "") + whole + "." + zeros + fraction)
        }
        for number in numbers {
            let expected = Double(number)
            let read = Self.time(number)
            #expect(read?.bitPattern == expected?.bitPattern, "\(number)")
        }
    }

    @Test func stringsAreValidatedAsStringValidates() {
        var random = SeededGenerator(seed: 52)
        let pieces: [[UInt8]] = [
            [0x41], [0x20], [0xC3, 0xA9], [0xE2, 0x96, 0x88], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xE2, 0x96], [0x80],
            [0xFF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBF, 0xBD], [0xC0, 0xAF],
        ]
        for _ in 0..<10_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) { bytes += pieces.randomElement(using: &random) ?? [] }
            // ASCII is decoded as it is; `checked` is for the rest.
            guard bytes.contains(where: { $0 >= 0x80 }) else { continue }
            let expected = String(validating: bytes, as: UTF8.self)
            let checked = bytes.withUnsafeBytes { CastEventLine.checked($0) }
            #expect(checked == expected, "\(bytes)")
        }
    }
}
