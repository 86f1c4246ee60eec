import Foundation

/// The submissions a transcript shows, as the transcript rules need them.
///
/// Assumes the session records a `state` event when the state changes, before it says anything about the new
/// state; so the busy line follows the `sending` event and the outcome follows the event that ends it.
extension Transcript {
    /// One stretch of `sending`: where it started, where it ended, and the lines said in and after it.
    public struct Sending: Sendable, Equatable {
        /// Index of the `state` event with state `sending`.
        public var start: Int
        /// Index of the next `state` event with another state; nil when the transcript ends while sending.
        public var end: Int?
        /// Indices of announcements between start and end.
        public var busyLines: [Int]
        /// Indices of announcements after the end and before the next prompt, input or state event.
        public var outcomeLines: [Int]
    }

    /// One failed submission: how it failed, which fields failed, and what followed until the user acted.
    public struct Failure: Sendable, Equatable {
        /// Index of the `state` event with state `failed`.
        public var index: Int
        /// `transient` or `permanent`, from the event's detail; nil when the session did not say.
        public var detail: String?
        /// The failing fields' ids, from the event's text (comma-separated); empty for a general failure.
        public var fields: [String]
        /// Indices of the events after the failure and before the next input or state event.
        public var followingEvents: [Int]
    }

    // MARK: - Sending

    /// Every stretch of `sending`, in order.
    public var sendings: [Sending] {
        var result: [Sending] = []
        for (index, event) in events.enumerated() where event.kind == .state && event.state == "sending" {
            let end = events.indices.dropFirst(index + 1).first {
                events[$0].kind == .state && events[$0].state != "sending"
            }
            let busy = events.indices[(index + 1)..<(end ?? events.count)].filter {
                events[$0].kind == .announcement
            }
            var outcome: [Int] = []
            if let end {
                for next in events.indices.dropFirst(end + 1) {
                    let kind = events[next].kind
                    if kind == .prompt || kind == .input || kind == .state { break }
                    if kind == .announcement { outcome.append(next) }
                }
            }
            result.append(Sending(start: index, end: end, busyLines: busy, outcomeLines: outcome))
        }
        return result
    }

    // MARK: - Failures

    /// Every `failed` state event, in order.
    public var failures: [Failure] {
        events.enumerated().compactMap { index, event in
            guard event.kind == .state, event.state == "failed" else { return nil }
            let fields = (event.text ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            var following: [Int] = []
            for next in events.indices.dropFirst(index + 1) {
                if events[next].kind == .input || events[next].kind == .state { break }
                following.append(next)
            }
            return Failure(index: index, detail: event.detail, fields: fields, followingEvents: following)
        }
    }

    /// Indices of spoken events (prompts and announcements).
    public var spokenEvents: [Int] {
        events.indices.filter { events[$0].kind == .prompt || events[$0].kind == .announcement }
    }
}
