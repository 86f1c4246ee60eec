import VozSupport
import VozTestSupport

/// Finds where sound is in 16-bit samples: 5 ms windows whose RMS is above a floor.
enum LoudWindows {
    /// RMS (of full scale) above which a window counts as heard; speech at normal volume is far above it.
    static let floor = 0.01

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for sample in samples {
            let value = Double(sample) / 32768
            sum += value * value
        }
        return (sum / Double(samples.count)).squareRoot()
    }
}

/// What `parec` recorded from a monitor, with when each chunk arrived: the stream as a listener heard it.
struct Capture {
    let samples: [Int16]
    let arrivals: [(at: ContinuousClock.Instant, count: Int)]
    let rate: Int

    var window: Int { rate / 200 }

    /// How many samples had arrived before `instant`.
    func index(at instant: ContinuousClock.Instant) -> Int {
        arrivals.last { $0.at < instant }?.count ?? 0
    }

    /// When sample `index` could first be observed at the sink: the arrival of the chunk that holds it.
    ///
    /// Not interpolated within the chunk: a null sink renders a block as soon as data comes, ahead of its
    /// clock, so positions inside a chunk say nothing about when they were played. The figures are therefore
    /// rounded up to `parec`'s hand-over period, the same for Voz and its alternative.
    func heard(_ index: Int) -> ContinuousClock.Instant? {
        arrivals.first { $0.count > index }?.at
    }

    /// The start of the first loud window in `range`.
    func firstLoud(in range: Range<Int>) -> Int? {
        var start = range.lowerBound
        while start + window <= min(range.upperBound, samples.count) {
            if LoudWindows.rms(samples[start..<(start + window)]) > LoudWindows.floor { return start }
            start += window
        }
        return nil
    }

    /// The end of the sound playing at `start`: the last loud window before `gap` samples of quiet (or before
    /// `limit`). Returns `start` when it is already quiet there.
    func endOfSound(from start: Int, limit: Int, gap: Int) -> Int {
        var end = start
        var quiet = 0
        var index = start
        while index + window <= min(limit, samples.count), quiet < gap {
            if LoudWindows.rms(samples[index..<(index + window)]) > LoudWindows.floor {
                end = index + window
                quiet = 0
            } else {
                quiet += window
            }
            index += window
        }
        return end
    }
}

extension MonitorRecorder {
    /// Whether the last `duration` of what arrived is silent.
    func isQuiet(for duration: Duration) -> Bool {
        let window = Int(duration.seconds * Double(rate))
        let tail = last(window)
        return tail.count >= window && LoudWindows.rms(tail[...]) < LoudWindows.floor
    }
}
