import Foundation
import VozSupport

extension SpeechSettings {
    // MARK: - Resolution

    /// Resolves flag, then environment, then config file; a bad value anywhere is a `SpeechError` naming it.
    ///
    /// - Parameter configPath: the config file to read; a missing file is no error, an unreadable one is.
    public static func resolve(
        flags: SpeechFlags, environment: [String: String], configPath: String?
    ) throws(SpeechError) -> SpeechSettings {
        var settings = SpeechSettings()
        if let configPath { try settings.apply(configFile: configPath) }
        try settings.apply(
            speech: environment["VOZ_SPEECH"], voice: environment["VOZ_VOICE"], rate: environment["VOZ_RATE"],
            sources: ("VOZ_SPEECH", "VOZ_VOICE", "VOZ_RATE"))
        try settings.apply(
            speech: flags.speech, voice: flags.voice, rate: flags.rate, sources: ("--speech", "--voice", "--rate"))
        return settings
    }

    /// `$XDG_CONFIG_HOME/voz/config.json`, or `~/.config/voz/config.json` when XDG_CONFIG_HOME is unset.
    public static func configPath(environment: [String: String]) -> String {
        StatePaths(environment: environment).config + "/config.json"
    }

    /// Layers string values over the settings; empty strings count as unset, as shells often leave them.
    private mutating func apply(
        speech: String?, voice: String?, rate: String?, sources: (String, String, String)
    ) throws(SpeechError) {
        if let speech, !speech.isEmpty {
            mode = try SpeechMode(parsing: speech, source: sources.0)
            self.sources["speech"] = sources.0
        }
        if let voice, !voice.isEmpty {
            self.voice = voice
            self.sources["voice"] = sources.1
        }
        if let rate, !rate.isEmpty {
            guard let value = Int(rate.trimmingCharacters(in: .whitespaces)), Self.rateRange.contains(value) else {
                throw .invalidRate(value: rate, source: sources.2)
            }
            self.rate = value
            self.sources["rate"] = sources.2
        }
    }

    // MARK: - The config file

    /// The shape of `config.json`; every key optional, unknown keys left for other concerns.
    private struct ConfigFile: Decodable {
        var speech: String?
        var voice: String?
        var rate: Int?
        var pitch: Int?
        var range: Int?
        var volume: Int?
        var punctuation: String?
        var capitals: String?
    }

    private mutating func apply(configFile path: String) throws(SpeechError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, detail: "cannot be read")
        }
        let config: ConfigFile
        do {
            config = try JSONDecoder().decode(ConfigFile.self, from: data)
        } catch DecodingError.typeMismatch(_, let context) {
            throw Self.badKey(context, path: path)
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            throw Self.badKey(context, path: path)
        } catch {
            throw .unreadableFile(path: path, detail: "\(error)")
        }
        if let text = config.speech {
            mode = try SpeechMode(parsing: text, source: path)
            sources["speech"] = path
        }
        if let text = config.voice {
            guard !text.isEmpty else { throw .unknownVoice(value: text, source: path) }
            voice = text
            sources["voice"] = path
        }
        if let number = config.rate {
            guard Self.rateRange.contains(number) else { throw .invalidRate(value: String(number), source: path) }
            rate = number
            sources["rate"] = path
        }
        pitch = try Self.checked(config.pitch, "pitch", in: Self.pitchRange, path: path) ?? pitch
        range = try Self.checked(config.range, "range", in: Self.pitchRange, path: path) ?? range
        volume = try Self.checked(config.volume, "volume", in: Self.volumeRange, path: path) ?? volume
        punctuation = try Self.choice(config.punctuation, "punctuation", path: path) ?? punctuation
        capitals = try Self.choice(config.capitals, "capitals", path: path) ?? capitals
        let given: [(String, Bool)] = [
            ("pitch", config.pitch != nil), ("range", config.range != nil), ("volume", config.volume != nil),
            ("punctuation", config.punctuation != nil), ("capitals", config.capitals != nil),
        ]
        for (name, present) in given where present { sources[name] = path }
    }

    private static func badKey(_ context: DecodingError.Context, path: String) -> SpeechError {
        let name = context.codingPath.first?.stringValue ?? "?"
        if name == "rate" { return .invalidRate(value: "?", source: path) }
        return .invalidSetting(name: name, value: "?", source: path)
    }

    private static func checked(
        _ value: Int?, _ name: String, in range: ClosedRange<Int>, path: String
    ) throws(SpeechError) -> Int? {
        guard let value else { return nil }
        guard range.contains(value) else { throw .invalidSetting(name: name, value: String(value), source: path) }
        return value
    }

    private static func choice<T: RawRepresentable<String>>(
        _ value: String?, _ name: String, path: String
    ) throws(SpeechError) -> T? {
        guard let value else { return nil }
        guard let choice = T(rawValue: value.lowercased()) else {
            throw .invalidSetting(name: name, value: value, source: path)
        }
        return choice
    }
}
