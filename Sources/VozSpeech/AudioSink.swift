import VozAnnouncer

/// Where an engine's samples go: a sound server, WAV files, or a test's recorder.
///
/// An engine calls a sink only from its own serial executor, one utterance at a time: `begin`, any number of
/// `write`s, then `end`. The one exception is `interrupt`, which comes from whichever thread interrupts.
/// Implementations keep their state behind a lock or an atomic, so they are honestly `Sendable` and
/// `file(forUtterance:)` may be asked from anywhere.
public protocol AudioSink: AnyObject, Sendable {
    /// Starts utterance `number` (numbered by the announcer from 1) at `sampleRate` samples a second.
    func begin(utterance number: Int, sampleRate: Int) throws(SpeechError)
    /// Takes 16-bit mono samples; returns false when the sink can take no more and synthesis should stop.
    func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool
    /// Ends the current utterance; when `interrupted`, whatever is buffered and not yet heard is dropped.
    func end(interrupted: Bool)
    /// Blocks until everything written so far has been heard (a no-op for sinks that are not heard).
    func drain()
    /// The file utterance `number` is written to, when this sink writes files.
    func file(forUtterance number: Int) -> String?
    /// Cuts utterance `number` and every earlier one short, from any thread, returning at once: a `write` that
    /// is waiting on the device gives up as soon as it can (returning false), and no more of their samples are
    /// taken. The engine still calls `end(interrupted: true)` on its own executor, where what the device holds
    /// is dropped.
    func interrupt(through number: Int)
}

extension AudioSink {
    /// Sinks whose writes never wait (files, memory) need nothing: eSpeak NG's callback stops them at its next
    /// buffer, and that buffer is written faster than it would be heard.
    public func interrupt(through number: Int) {}
}
