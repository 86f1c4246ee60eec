import Foundation
import VozKit

/// Terminal recordings, as `voz audit --recording` reads them: parsed, replayed through libvterm behind
/// its guard, audited, and reported as text. A crash or trap is the harness's to see; a raw control character
/// in the report is this oracle's.
extension FuzzRunner {
    /// Replays and audits one recording; traps when the text report holds a control character other than a line
    /// break, so the supervisor saves the input as it saves a crash.
    public static func runRecording(_ input: Data) {
        guard let recording = try? CastRecording.parse(input, path: "fuzz.cast") else { return }
        let timeline = ScreenReplay.replay(recording)
        let result = Auditor.audit(
            forms: [], transcripts: [], recordings: [timeline], formRules: [], transcriptRules: [])
        let report = TextReport.render(
            result, failOn: .serious, localizer: Localizer(language: language(for: input)))
        if let leak = firstRawControl(in: Array(report.utf8)) {
            fatalError("raw control character U+\(String(leak, radix: 16)) in the text report of a recording")
        }
    }

    /// The first control character (C0 but a line break, DEL, or C1 in UTF-8) in `output`, as a code point.
    public static func firstRawControl(in output: [UInt8]) -> UInt32? {
        for (index, byte) in output.enumerated() {
            if byte == 0x0A { continue }
            if byte < 0x20 || byte == 0x7F { return UInt32(byte) }
            if byte == 0xC2, index + 1 < output.count, (0x80...0x9F).contains(output[index + 1]) {
                return UInt32(output[index + 1])
            }
        }
        return nil
    }
}
