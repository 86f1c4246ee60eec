import VozAnnouncer

/// One utterance being synthesised: where its samples go and whether it has been interrupted.
///
/// Created and used on the eSpeak NG queue only, for the length of one `espeak_Synth` call.
final class SynthJob {
    let number: Int
    private let sink: any AudioSink
    private let isCancelled: @Sendable (Int) -> Bool
    /// How many samples reached the sink.
    private(set) var samples = 0
    /// Whether synthesis was stopped before the end.
    private(set) var stopped = false

    init(number: Int, sink: any AudioSink, isCancelled: @escaping @Sendable (Int) -> Bool) {
        self.number = number
        self.sink = sink
        self.isCancelled = isCancelled
    }

    /// Takes one buffer from the callback; false stops synthesis.
    func receive(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int) -> Bool {
        if isCancelled(number) {
            stopped = true
            return false
        }
        guard let wav, count > 0 else { return true }
        guard sink.write(UnsafeBufferPointer(start: wav, count: count)) else {
            stopped = true
            return false
        }
        samples += count
        // Checked again after a write, which may have blocked on the device while the interruption came.
        if isCancelled(number) {
            stopped = true
            return false
        }
        return true
    }
}
