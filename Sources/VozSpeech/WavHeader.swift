import Foundation
import VozAnnouncer

/// The 44-byte RIFF header of a 16-bit mono PCM WAV file, written and read by Voz.
package struct WavHeader: Sendable, Equatable {
    /// The size of the header Voz writes.
    package static let size = 44

    package var sampleRate: Int
    package var channels: Int
    package var bitsPerSample: Int
    /// Bytes of sample data after the header.
    package var dataSize: Int

    package init(sampleRate: Int, channels: Int = 1, bitsPerSample: Int = 16, dataSize: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitsPerSample = bitsPerSample
        self.dataSize = dataSize
    }

    // MARK: - Writing

    /// The header bytes, little-endian as RIFF requires.
    package var bytes: [UInt8] {
        let blockAlign = channels * bitsPerSample / 8
        var out: [UInt8] = []
        out.reserveCapacity(Self.size)
        out += Array("RIFF".utf8)
        out += Self.le32(36 + dataSize)
        out += Array("WAVEfmt ".utf8)
        out += Self.le32(16)
        out += Self.le16(1)  // PCM
        out += Self.le16(channels)
        out += Self.le32(sampleRate)
        out += Self.le32(sampleRate * blockAlign)
        out += Self.le16(blockAlign)
        out += Self.le16(bitsPerSample)
        out += Array("data".utf8)
        out += Self.le32(dataSize)
        return out
    }

    private static func le32(_ value: Int) -> [UInt8] {
        let v = UInt32(truncatingIfNeeded: value)
        return [UInt8(v & 0xff), UInt8((v >> 8) & 0xff), UInt8((v >> 16) & 0xff), UInt8(v >> 24)]
    }

    private static func le16(_ value: Int) -> [UInt8] {
        let v = UInt16(truncatingIfNeeded: value)
        return [UInt8(v & 0xff), UInt8(v >> 8)]
    }

    // MARK: - Reading

    /// Parses the canonical 44-byte header; nil when `data` does not start with one Voz could have written.
    package init?(parsing data: Data) {
        let bytes = [UInt8](data.prefix(Self.size))
        guard bytes.count == Self.size,
            Array(bytes[0..<4]) == Array("RIFF".utf8),
            Array(bytes[8..<16]) == Array("WAVEfmt ".utf8),
            Array(bytes[36..<40]) == Array("data".utf8),
            Self.read16(bytes, 20) == 1
        else { return nil }
        let riffSize = Self.read32(bytes, 4)
        let dataSize = Self.read32(bytes, 40)
        guard riffSize == 36 + dataSize else { return nil }
        self.init(
            sampleRate: Self.read32(bytes, 24), channels: Self.read16(bytes, 22),
            bitsPerSample: Self.read16(bytes, 34), dataSize: dataSize)
        let blockAlign = channels * bitsPerSample / 8
        guard Self.read32(bytes, 28) == sampleRate * blockAlign, Self.read16(bytes, 32) == blockAlign else {
            return nil
        }
    }

    private static func read32(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
    }

    private static func read16(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) | Int(b[at + 1]) << 8
    }
}
