import Foundation
import VozAnnouncer

/// A 16-bit mono WAV file read back into samples, for audits, tests and measurements.
package struct WavAudio: Sendable, Equatable {
    package var sampleRate: Int
    package var samples: [Int16]

    package init(sampleRate: Int, samples: [Int16]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// Reads a file Voz wrote; nil when it is missing or not a 16-bit mono PCM WAV file with a valid header.
    package init?(contentsOf path: String) {
        guard let data = FileManager.default.contents(atPath: path),
            let header = WavHeader(parsing: data),
            header.channels == 1, header.bitsPerSample == 16,
            data.count == WavHeader.size + header.dataSize
        else { return nil }
        let body = data.dropFirst(WavHeader.size)
        var samples = [Int16](repeating: 0, count: header.dataSize / 2)
        samples.withUnsafeMutableBytes { $0.copyBytes(from: body) }
        self.init(sampleRate: header.sampleRate, samples: samples.map { Int16(littleEndian: $0) })
    }

    // MARK: - Measurements

    /// Seconds of audio.
    package var duration: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }

    /// Root mean square on a 0…1 scale (full scale is 1).
    package var rms: Double { Self.rms(samples[...]) }

    /// Root mean square of a slice, 0…1.
    package static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32768
    }
}
