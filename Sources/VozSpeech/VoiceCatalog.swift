import Foundation
import VozAnnouncer
import VozLocalization
import VozSupport

/// Voz's voice profiles: those it ships, then the user's own (which replace a shipped one of the same name).
public struct VoiceCatalog: Sendable, Equatable {
    /// Shipped profiles first, then the user's, each group sorted by name.
    public var profiles: [VoiceProfile]

    /// A catalog of exactly `profiles`, in the order given.
    public init(profiles: [VoiceProfile]) {
        self.profiles = profiles
    }

    /// The profiles Voz ships, embedded in the code, then every `*.json` in the user's folder (which may be nil or
    /// missing).
    public static func load(user: String?) throws(SpeechError) -> VoiceCatalog {
        try load(shipped: shipped(), user: user)
    }

    /// `shipped` profiles, then every `*.json` in the user's folder; a user's profile replaces a shipped one of the
    /// same name.
    static func load(shipped own: [VoiceProfile], user: String?) throws(SpeechError) -> VoiceCatalog {
        let users = try profiles(in: user)
        let replaced = Set(users.map(\.name))
        return VoiceCatalog(profiles: own.filter { !replaced.contains($0.name) } + users)
    }

    /// The profiles built into the code from the repository's `voices/` (the EmbedVoices plugin), sorted by name.
    static func shipped() throws(SpeechError) -> [VoiceProfile] {
        var found: [VoiceProfile] = []
        for name in EmbeddedVoices.files.keys.sorted() where name.hasSuffix(".json") && !name.contains("/") {
            let text = EmbeddedVoices.files[name] ?? ""
            found.append(
                try VoiceProfile(
                    json: Array(text.utf8), path: "voices/" + name,
                    variant: { EmbeddedVoices.files["variants/" + $0] }))
        }
        return found
    }

    private static func profiles(in folder: String?) throws(SpeechError) -> [VoiceProfile] {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [VoiceProfile] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            found.append(try VoiceProfile(contentsOf: folder + "/" + name))
        }
        return found
    }

    // MARK: - The user's folder

    /// `$XDG_CONFIG_HOME/voz/voices` (or `~/.config/voz/voices`).
    public static func userDirectory(environment: [String: String]) -> String {
        StatePaths(environment: environment).config + "/voices"
    }

    // MARK: - Choosing a voice

    /// The profile called `name`, the user's first.
    public func profile(named name: String) -> VoiceProfile? {
        profiles.last { $0.name == name }
    }

    /// Variant name → the variant file's text, for `EspeakDataDirectory.prepare`.
    public var variants: [String: String] {
        var variants: [String: String] = [:]
        for profile in profiles {
            if let variant = profile.variant, let text = profile.variantText { variants[variant] = text }
        }
        return variants
    }

    /// The profile `settings.voice` names — a profile, a profile file, or nil for an eSpeak NG voice name —
    /// or, when no voice is set, the profile named after `language`.
    public func resolveProfile(_ settings: SpeechSettings, language: Language) throws(SpeechError) -> VoiceProfile? {
        guard let voice = settings.voice else { return profile(named: language.rawValue) }
        if let profile = profile(named: voice) { return profile }
        if voice.hasSuffix(".json") || voice.contains("/") {
            guard FileManager.default.fileExists(atPath: voice) else {
                throw .unknownVoice(value: voice, source: settings.source(of: "voice"))
            }
            return try VoiceProfile(contentsOf: voice)
        }
        return nil
    }

    /// The eSpeak NG parameters for `settings`: the chosen profile's defaults under the user's settings, or an
    /// eSpeak NG voice by name with eSpeak NG's own defaults.
    public func parameters(for settings: SpeechSettings, language: Language) throws(SpeechError) -> VoiceParameters {
        if let profile = try resolveProfile(settings, language: language) {
            return profile.parameters(with: settings)
        }
        let fallback = VoiceProfile.builtIn(voice: settings.voice ?? language.rawValue)
        return fallback.parameters(with: settings)
    }
}

extension VoiceProfile {
    /// A profile for a bare eSpeak NG voice name, with eSpeak NG's defaults.
    static func builtIn(voice: String) -> VoiceProfile {
        VoiceProfile(name: voice, voice: voice)
    }
}
