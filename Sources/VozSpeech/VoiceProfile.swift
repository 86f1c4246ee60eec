import Foundation

/// A voice Voz ships or a user added: an eSpeak NG voice, an optional variant, and the defaults for it.
///
/// Read from `voices/NAME.json`; the variant is a file in the `variants/` folder beside it.
public struct VoiceProfile: Sendable, Equatable {
    /// The file's name without `.json` (`es`); a profile named after a language is its default.
    public var name: String
    public var description: String
    /// eSpeak NG's base voice (`es`, `en-gb`).
    public var voice: String
    /// The variant's name (`voz-es`), when it has one.
    public var variant: String?
    /// The variant file, when it has one that exists.
    public var variantFile: String?
    public var rate: Int
    public var pitch: Int
    public var range: Int
    public var volume: Int
    public var punctuation: Punctuation
    public var capitals: Capitals
    public var wordGap: Int
    /// The profile's file.
    public var file: String

    /// The name eSpeak NG knows the voice by (`es+voz-es`).
    public var espeakName: String { variant.map { "\(voice)+\($0)" } ?? voice }

    /// The eSpeak NG parameters of this profile with the user's `settings` over its defaults.
    public func parameters(with settings: SpeechSettings) -> VoiceParameters {
        VoiceParameters(
            voice: espeakName, rate: settings.rate ?? rate, pitch: settings.pitch ?? pitch,
            range: settings.range ?? range, volume: settings.volume ?? volume,
            punctuation: settings.punctuation ?? punctuation, capitals: settings.capitals ?? capitals,
            wordGap: wordGap)
    }

    public init(
        name: String, description: String = "", voice: String, variant: String? = nil, variantFile: String? = nil,
        rate: Int = 175, pitch: Int = 50, range: Int = 50, volume: Int = 100, punctuation: Punctuation = .none,
        capitals: Capitals = .none, wordGap: Int = 0, file: String = ""
    ) {
        self.name = name
        self.description = description
        self.voice = voice
        self.variant = variant
        self.variantFile = variantFile
        self.rate = rate
        self.pitch = pitch
        self.range = range
        self.volume = volume
        self.punctuation = punctuation
        self.capitals = capitals
        self.wordGap = wordGap
        self.file = file
    }

    // MARK: - Reading

    private struct File: Decodable {
        var description: String?
        var voice: String
        var variant: String?
        var rate: Int?
        var pitch: Int?
        var range: Int?
        var volume: Int?
        var punctuation: Punctuation?
        var capitals: Capitals?
        var wordGap: Int?
    }

    /// Reads a profile file; any mistake is one `SpeechError` naming the file.
    public init(contentsOf path: String) throws(SpeechError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, detail: "cannot be read")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw .unreadableFile(path: path, detail: "\(error)")
        }
        let url = URL(fileURLWithPath: path)
        name = url.deletingPathExtension().lastPathComponent
        description = file.description ?? ""
        voice = file.voice
        rate = file.rate ?? 175
        pitch = file.pitch ?? 50
        range = file.range ?? 50
        volume = file.volume ?? 100
        punctuation = file.punctuation ?? .none
        capitals = file.capitals ?? .none
        wordGap = file.wordGap ?? 0
        self.file = path
        guard SpeechSettings.rateRange.contains(rate), SpeechSettings.pitchRange.contains(pitch),
            SpeechSettings.pitchRange.contains(range), SpeechSettings.volumeRange.contains(volume),
            (0...100).contains(wordGap), !voice.isEmpty, !voice.contains("/")
        else { throw .unreadableFile(path: path, detail: "a value is out of range") }
        if let variant = file.variant {
            // eSpeak NG looks variants up by name in its data folder; keep names that are safe file names.
            guard !variant.isEmpty, variant.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }),
                variant.first?.isNumber == false
            else { throw .unreadableFile(path: path, detail: "bad variant name \(variant)") }
            self.variant = variant.lowercased()
            let candidate = url.deletingLastPathComponent().appendingPathComponent("variants/\(variant)").path
            variantFile = FileManager.default.fileExists(atPath: candidate) ? candidate : nil
        }
    }
}
