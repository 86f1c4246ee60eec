import Testing

/// The suites that drive eSpeak NG, one after another: the library is one global instance per process, and a
/// rendering at another voice or rate in between (sonic's speed-up above 450 wpm, say) changes the next samples,
/// so "the same text twice gives the same samples" only holds when nothing else speaks in between.
@Suite(.serialized) enum SpeechSuites {}
