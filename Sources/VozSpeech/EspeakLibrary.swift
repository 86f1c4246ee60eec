import CEspeakNG
import Dispatch
import Foundation
import Synchronization
import VozAnnouncer

/// One voice eSpeak NG offers, as `espeak_ListVoices` describes it.
public struct EspeakVoice: Sendable, Equatable {
    /// Its display name ("Spanish (Spain)").
    public var name: String
    /// Its language tags, most preferred first ("es").
    public var languages: [String]
    /// Its file below `voices/` or `lang/` ("roa/es").
    public var identifier: String
}

/// The process's one eSpeak NG instance, and the one serial queue every call into it runs on.
///
/// libespeak-ng keeps its whole state in globals and is not thread-safe, so it is initialised once per process
/// (the first caller's data path wins) and every engine shares this queue; engines differ only in the voice
/// parameters they apply before each utterance and the sink they hand samples to.
final class EspeakLibrary: Sendable {
    /// Samples a second of everything eSpeak NG produces (22050 for its own voices).
    let sampleRate: Int
    /// The data folder it was initialised with.
    let dataPath: String
    private let queue = DispatchQueue(label: "voz.espeak", qos: .userInteractive)
    /// The parameters last applied, so a voice (and its dictionary) is loaded again only when it changes.
    private let applied = Mutex<VoiceParameters?>(nil)

    private static let shared = Mutex<Result<EspeakLibrary, SpeechError>?>(nil)

    /// The shared instance, initialising eSpeak NG with `dataPath` on first use.
    static func shared(dataPath: String) throws(SpeechError) -> EspeakLibrary {
        let result = shared.withLock { shared in
            if let existing = shared { return existing }
            let made = Result { () throws(SpeechError) in try EspeakLibrary(dataPath: dataPath) }
            shared = made
            return made
        }
        return try result.get()
    }

    private init(dataPath: String) throws(SpeechError) {
        // eSpeak NG prints to stderr and falls back to ~/espeak-ng-data when its data is missing; check first.
        guard FileManager.default.isReadableFile(atPath: dataPath + "/phontab") else {
            throw .engineUnavailable(detail: "no eSpeak NG data at \(dataPath)")
        }
        let queue = self.queue
        let rate = queue.sync {
            let rate = espeak_Initialize(
                AUDIO_OUTPUT_SYNCHRONOUS, Self.bufferMilliseconds, dataPath, Int32(espeakINITIALIZE_DONT_EXIT))
            if rate > 0 { espeak_SetSynthCallback(synthCallback) }
            return rate
        }
        guard rate > 0 else { throw .engineUnavailable(detail: "espeak_Initialize returned \(rate) for \(dataPath)") }
        self.sampleRate = Int(rate)
        self.dataPath = dataPath
    }

    /// How much audio each callback should carry. eSpeak NG 1.51 gives about 50 ms a callback for any length
    /// asked below that (measured: 5, 10, 20 and 40 ms all give 1081 samples at 22050 Hz), so sinks that pace
    /// like a device stop on `AudioSink.interrupt` rather than waiting for the next callback.
    private static let bufferMilliseconds: Int32 = 20

    // MARK: - Running on the queue

    /// Runs `body` on the library's queue and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }

    // MARK: - On the queue only

    /// Applies `parameters`; false when eSpeak NG has no such voice. Call only on the queue.
    func apply(_ parameters: VoiceParameters) -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        let previous = applied.withLock { $0 }
        if previous == parameters { return true }
        // Any change reloads the voice, not only a new name: the voice carries state from the last settings (a
        // sonic speed-up above 450 wpm, say), and the same text with the same settings must sound the same
        // whatever another engine in the process said before it.
        guard espeak_SetVoiceByName(parameters.voice) == EE_OK else {
            applied.withLock { $0 = nil }
            return false
        }
        espeak_SetParameter(espeakRATE, Int32(clamping: parameters.rate), 0)
        espeak_SetParameter(espeakPITCH, Int32(clamping: parameters.pitch), 0)
        espeak_SetParameter(espeakRANGE, Int32(clamping: parameters.range), 0)
        espeak_SetParameter(espeakVOLUME, Int32(clamping: parameters.volume), 0)
        espeak_SetParameter(espeakWORDGAP, Int32(clamping: parameters.wordGap), 0)
        let punctuation: espeak_PUNCT_TYPE
        switch parameters.punctuation {
        case .none: punctuation = espeakPUNCT_NONE
        case .some: punctuation = espeakPUNCT_SOME
        case .all: punctuation = espeakPUNCT_ALL
        }
        espeak_SetParameter(espeakPUNCTUATION, Int32(punctuation.rawValue), 0)
        let capitals: Int32
        switch parameters.capitals {
        case .none: capitals = 0
        case .sound: capitals = 1
        case .spell: capitals = 2
        case .pitch: capitals = 20  // Hz of pitch raise: clear at high rates without sounding like another voice
        }
        espeak_SetParameter(espeakCAPITALS, capitals, 0)
        applied.withLock { $0 = parameters }
        return true
    }

    /// Synthesises `text` (UTF-8, no SSML) into `job`'s sink; returns once finished or stopped. Queue only.
    func synthesize(_ text: String, job: SynthJob) {
        dispatchPrecondition(condition: .onQueue(queue))
        let context = Unmanaged.passRetained(job)
        defer { context.release() }
        var utf8 = Array(text.utf8CString)
        let flags = UInt32(espeakCHARS_UTF8)
        _ = utf8.withUnsafeMutableBytes { bytes in
            espeak_Synth(bytes.baseAddress, bytes.count, 0, POS_CHARACTER, 0, flags, nil, context.toOpaque())
        }
    }

    /// eSpeak NG's own voices. Queue only.
    func listVoices() -> [EspeakVoice] {
        dispatchPrecondition(condition: .onQueue(queue))
        guard var entry = espeak_ListVoices(nil) else { return [] }
        var voices: [EspeakVoice] = []
        while let voice = entry.pointee {
            let name = voice.pointee.name.map { String(cString: $0) } ?? ""
            let identifier = voice.pointee.identifier.map { String(cString: $0) } ?? ""
            voices.append(
                EspeakVoice(name: name, languages: Self.languages(voice.pointee.languages), identifier: identifier))
            entry += 1
        }
        return voices
    }

    /// Decodes eSpeak NG's language list: a priority byte, a NUL-terminated tag, repeated, ended by a 0 byte.
    private static func languages(_ list: UnsafePointer<CChar>?) -> [String] {
        guard var cursor = list else { return [] }
        var tags: [String] = []
        while cursor.pointee != 0 {
            cursor += 1  // the priority byte
            let tag = String(cString: cursor)
            tags.append(tag)
            cursor += tag.utf8.count + 1
        }
        return tags
    }
}

/// The synth callback: hands each buffer to the job named by the message's user data.
///
/// Returning 1 is how synchronous synthesis is stopped; `espeak_Cancel` must never be called from here.
private func synthCallback(
    _ wav: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let events, let context = events.pointee.user_data else { return 0 }
    let job = Unmanaged<SynthJob>.fromOpaque(context).takeUnretainedValue()
    return job.receive(wav, Int(count)) ? 0 : 1
}
