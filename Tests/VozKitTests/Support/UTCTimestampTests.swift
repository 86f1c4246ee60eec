import Foundation
import Testing

@testable import VozKit
@testable import VozSupport

@Suite struct UTCTimestampTests {
    /// The same text ISO8601DateFormatter gave with internet date-time and fractional seconds.
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (1_795_629_600.123, "2026-11-25T18:00:00.123Z"),
        (951_782_399.9994, "2000-02-28T23:59:59.999Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"),
    ])
    func formatsUTCWithMilliseconds(seconds: Double, text: String) {
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test(arguments: [0.0, 1_795_629_600.25, 1_000_000_000.5, 4_102_444_799.75])
    func agreesWithFoundationsFormatter(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(UTCTimestamp.string(from: date) == formatter.string(from: date))
    }
}
