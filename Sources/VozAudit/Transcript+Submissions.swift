import Foundation
import VozTranscript

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
        /// Transient or permanent, from the event's detail; nil when the session did not say.
        public var kind: SubmissionFailureKind?
        /// The failing fields' ids, from the event's text (comma-separated); empty for a general failure.
        public var fields: [String]
        /// Indices of the events after the failure and before the next input or state event.
        public var followingEvents: [Int]
    }

    // MARK: - Sending

    /// Every stretch of `sending`, in order.
    public var sendings: [Sending] {
        // One pass: the stretches still sending collect the announcements (two `sending` events in a row share
        // the rest of the stretch), and the ones just ended collect the outcome until the user is asked again.
        var result: [Sending] = []
        var open: [Int] = []
        var ended: [Int] = []
        for index in events.indices {
            switch events[index].kind {
            case .state:
                ended = []
                if events[index].state == .sending {
                    result.append(Sending(start: index, end: nil, busyLines: [], outcomeLines: []))
                    open.append(result.count - 1)
                } else {
                    for stretch in open { result[stretch].end = index }
                    ended = open
                    open = []
                }
            case .announcement:
                for stretch in open { result[stretch].busyLines.append(index) }
                for stretch in ended { result[stretch].outcomeLines.append(index) }
            case .prompt, .input:
                ended = []
            case .focus:
                break
            }
        }
        return result
    }

    // MARK: - Failures

    /// Every `failed` state event, in order.
    public var failures: [Failure] {
        // One pass: a failure collects the events after it until the next input or state event.
        var result: [Failure] = []
        var collecting = false
        for index in events.indices {
            let kind = events[index].kind
            if kind == .input || kind == .state { collecting = false }
            if collecting {
                result[result.count - 1].followingEvents.append(index)
            } else if kind == .state, events[index].state == .failed {
                let fields = (events[index].text ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }.filter { !$0.isEmpty }
                result.append(
                    Failure(
                        index: index, kind: events[index].detail.flatMap(SubmissionFailureKind.init(rawValue:)),
                        fields: fields, followingEvents: []))
                collecting = true
            }
        }
        return result
    }

    /// Indices of spoken events (prompts and announcements).
    public var spokenEvents: [Int] {
        events.indices.filter { events[$0].kind == .prompt || events[$0].kind == .announcement }
    }
}
