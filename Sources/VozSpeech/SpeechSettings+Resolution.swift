import Foundation
import VozAnnouncer
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
            guard let value = Int(rate.trimmingCharacters(in: .whitespaces)), VoiceParameters.rateRange.contains(value)
            else {
                throw .invalidRate(value: rate, source: sources.2)
            }
            overrides.rate = value
            self.sources["rate"] = sources.2
        }
    }

    // MARK: - The config file

    /// The keys of `config.json` beside the voice parameters; any other key is left for other concerns.
    private static let configKeys = VoiceParameters.Overrides.keys.subtracting(["wordGap"])

    /// Reads `config.json` through VozJSON: a value that is wrong is named with the file and its line.
    private mutating func apply(configFile path: String) throws(SpeechError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, detail: "cannot be read")
        }
        let members = try VoiceParameters.Overrides.members(ofFile: Array(data), path: path)
        for member in members {
            let source = "\(path):\(member.value.line)"
            switch member.key {
            case "speech":
                guard let text = member.value.string else {
                    throw .invalidMode(value: member.value.scalarText ?? "?", source: source)
                }
                mode = try SpeechMode(parsing: text, source: source)
                sources["speech"] = source
            case "voice":
                guard let text = member.value.string, !text.isEmpty else {
                    throw .unknownVoice(value: member.value.scalarText ?? "", source: source)
                }
                voice = text
                sources["voice"] = source
            default: continue
            }
        }
        let (read, readSources) = try VoiceParameters.Overrides.read(members, path: path, allowing: Self.configKeys)
        // The config file is the bottom layer: the environment and the flags are applied over it.
        overrides = read
        sources.merge(readSources) { _, new in new }
    }
}
