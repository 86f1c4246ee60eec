import VozTranscript
/// Transcript events in the order they happened, held back while an earlier announcement waits to learn whether
/// its audio will exist.
///
/// When speech goes to WAV files, an announcement's line may name its file only once the file has been begun: an
/// assertive message drops the polite ones still waiting, and their files are never written. So that line waits
/// until its utterance is settled, and every event after it waits behind it, which keeps the transcript in the
/// order things happened; each event keeps the time it happened. Files render many times faster than speech is
/// heard, so lines wait milliseconds, not seconds.
struct TranscriptQueue: Sendable, Equatable {
    /// What `detail` says on a prompt or announcement that was printed but never said.
    static let dropped = "dropped"

    private struct Entry: Sendable, Equatable {
        var event: TranscriptEvent
        /// The utterance whose audio the event waits for; nil once settled, or for events that wait for none.
        var awaiting: Int?
    }

    private var entries: [Entry] = []

    /// Whether nothing is held.
    var isEmpty: Bool { entries.isEmpty }

    /// Queues `event`; with `utterance`, it waits until `settle` says what became of that utterance's audio.
    mutating func append(_ event: TranscriptEvent, awaiting utterance: Int? = nil) {
        entries.append(Entry(event: event, awaiting: utterance))
    }

    /// Says what became of utterance `number`: its event names `file`, the file it was rendered to; with no file,
    /// it names none, and when it was `dropped` (interrupted before it began), says so in its detail.
    mutating func settle(_ number: Int, file: String?, dropped: Bool) {
        guard let index = entries.firstIndex(where: { $0.awaiting == number }) else { return }
        entries[index].awaiting = nil
        entries[index].event.wav = file
        if file == nil, dropped { entries[index].event.detail = Self.dropped }
    }

    /// Removes and returns, in order, the events that no longer wait, up to the first one that does.
    mutating func release() -> [TranscriptEvent] {
        let ready = entries.prefix { $0.awaiting == nil }.count
        defer { entries.removeFirst(ready) }
        return entries.prefix(ready).map(\.event)
    }

    /// Removes and returns everything held, in order; an event still waiting names no file.
    mutating func releaseAll() -> [TranscriptEvent] {
        defer { entries.removeAll() }
        return entries.map(\.event)
    }
}
