import Foundation

/// Timestamps as the service writes them: ISO 8601 in UTC with milliseconds.
enum DemoClock {
    static func timestamp(_ date: Date = Date()) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
