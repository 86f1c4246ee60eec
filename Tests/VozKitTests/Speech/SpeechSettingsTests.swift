import Foundation
import Testing
import VozJSON

@testable import VozKit
@testable import VozLocalization
@testable import VozSpeech

/// Flag, then environment, then config file, then the profile's defaults; bad values are one named error.
/// A class so each test's folder goes in `deinit`, which runs also when the test fails.
@Suite final class SpeechSettingsTests {
    private let directory = SpeechTestSupport.temporaryDirectory("settings")

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func config(_ json: String) -> String {
        let path = directory + "/config-\(UUID().uuidString).json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
        return path
    }

    @Test func theFlagWinsOverTheEnvironmentWhichWinsOverTheConfigFile() throws {
        let path = config(#"{"speech": "none", "voice": "en", "rate": 200, "pitch": 30}"#)
        let environment = ["VOZ_RATE": "400", "VOZ_VOICE": "es"]
        let settings = try SpeechSettings.resolve(
            flags: SpeechFlags(rate: "500"), environment: environment, configPath: path)
        #expect(settings.overrides.rate == 500 && settings.source(of: "rate") == "--rate")
        #expect(settings.voice == "es" && settings.source(of: "voice") == "VOZ_VOICE")
        #expect(settings.mode == .none && settings.source(of: "speech") == "\(path):1")
        #expect(settings.overrides.pitch == 30 && settings.source(of: "pitch") == "\(path):1")
    }

    @Test func theProfileFillsWhatNobodySet() throws {
        let catalog = try VoiceCatalog.load(user: nil)
        let settings = try SpeechSettings.resolve(flags: SpeechFlags(rate: "420"), environment: [:], configPath: nil)
        let parameters = try catalog.parameters(for: settings, language: .es)
        let profile = try #require(catalog.profile(named: "es"))
        #expect(parameters.voice == "es+voz-es" && parameters.rate == 420)
        #expect(parameters.pitch == profile.parameters.pitch)
        #expect(parameters.punctuation == profile.parameters.punctuation)
        #expect(try catalog.parameters(for: SpeechSettings(), language: .en).voice == "en+voz-en")
        for (language, voice) in [
            (Language.ptBR, "pt-br+voz-pt-br"), (.fr, "fr+voz-fr"), (.de, "de+voz-de"), (.it, "it+voz-it"),
        ] {
            #expect(try catalog.parameters(for: SpeechSettings(), language: language).voice == voice)
        }
        #expect(try catalog.parameters(for: SpeechSettings(voice: "fr"), language: .es).voice == "fr+voz-fr")
        // An eSpeak NG voice that no profile is named after is used as it is.
        #expect(try catalog.parameters(for: SpeechSettings(voice: "nl"), language: .es).voice == "nl")
    }

    @Test(arguments: [
        ("auto", SpeechMode.auto), ("espeak", .espeak), ("speechd", .speechd), ("none", .none),
        ("wav:/tmp/out", .wav(directory: "/tmp/out")),
        ("WAV:dir", .wav(directory: "dir")),
    ])
    func parsesSpeechModes(text: String, expected: SpeechMode) throws {
        #expect(try SpeechMode(parsing: text, source: "--speech") == expected)
    }

    @Test(arguments: [
        (SpeechFlags(speech: "loud"), [String: String](), SpeechError.invalidMode(value: "loud", source: "--speech")),
        (SpeechFlags(speech: "wav:"), [:], .invalidMode(value: "wav:", source: "--speech")),
        (SpeechFlags(rate: "fast"), [:], .invalidRate(value: "fast", source: "--rate")),
        (SpeechFlags(rate: "79"), [:], .invalidRate(value: "79", source: "--rate")),
        (SpeechFlags(), ["VOZ_RATE": "901"], .invalidRate(value: "901", source: "VOZ_RATE")),
        (SpeechFlags(), ["VOZ_SPEECH": "alsa"], .invalidMode(value: "alsa", source: "VOZ_SPEECH")),
    ])
    func aBadValueIsOneErrorNamingWhereItCameFrom(
        flags: SpeechFlags, environment: [String: String], expected: SpeechError
    ) {
        #expect(throws: expected) {
            try SpeechSettings.resolve(flags: flags, environment: environment, configPath: nil)
        }
    }

    @Test(arguments: [
        (#"{"rate": 20}"#, "rate"), (#"{"rate": "fast"}"#, "rate"), (#"{"pitch": 101}"#, "pitch"),
        (#"{"punctuation": "most"}"#, "punctuation"), (#"{"volume": true}"#, "volume"), ("not json", ""),
    ])
    func aBadConfigFileIsOneErrorNamingTheFile(json: String, field: String) throws {
        let path = config(json)
        do {
            _ = try SpeechSettings.resolve(flags: SpeechFlags(), environment: [:], configPath: path)
            Issue.record("accepted \(json)")
        } catch {
            let message = error.message(Localizer(language: .en))
            #expect(message.contains(path), "\(message)")
            if !field.isEmpty { #expect(error.description.contains(field) || message.contains("rate")) }
        }
    }

    /// The config file and a voice profile are files a person writes: read through VozJSON, a mistake is named by
    /// its file and line, with the value as written.
    @Test(arguments: [
        (
            "{\n  \"speech\": \"none\",\n  \"pitch\": 101\n}",
            SpeechError.invalidSetting(name: "pitch", value: "101", source: ":3")
        ),
        ("{\n  \"rate\": \"fast\"\n}", .invalidRate(value: "fast", source: ":2")),
        ("{\n  \"volume\": true\n}", .invalidSetting(name: "volume", value: "true", source: ":2")),
        ("{\n  \"capitals\": \"LOUD\"\n}", .invalidSetting(name: "capitals", value: "LOUD", source: ":2")),
    ])
    func aBadConfigValueIsNamedByItsLine(json: String, expected: SpeechError) {
        let path = config(json)
        var expected = expected
        switch expected {
        case .invalidSetting(let name, let value, let source):
            expected = .invalidSetting(name: name, value: value, source: path + source)
        case .invalidRate(let value, let source): expected = .invalidRate(value: value, source: path + source)
        default: break
        }
        #expect(throws: expected) {
            try SpeechSettings.resolve(flags: SpeechFlags(), environment: [:], configPath: path)
        }
    }

    @Test func aConfigFileThatIsNotJSONIsNamedByTheLineOfTheMistake() {
        let path = config("{\n  \"rate\": 200,\n}")
        #expect(
            throws: SpeechError.unreadableFile(path: path + ":3", detail: Self.problem("{\n  \"rate\": 200,\n}"))
        ) {
            try SpeechSettings.resolve(flags: SpeechFlags(), environment: [:], configPath: path)
        }
    }

    private static func problem(_ text: String) -> String {
        do {
            _ = try JSONParser().parse(Array(text.utf8))
            return ""
        } catch {
            return error.problem
        }
    }

    @Test func aVoiceProfileIsReadWithItsMistakeOnALine() throws {
        let good = directory + "/calma.json"
        try Data("{\"voice\": \"es\", \"rate\": 150, \"capitals\": \"spell\", \"wordGap\": 2}".utf8)
            .write(to: URL(fileURLWithPath: good))
        let profile = try VoiceProfile(contentsOf: good)
        #expect(profile.parameters == VoiceParameters(voice: "es", rate: 150, capitals: .spell, wordGap: 2))
        let settings = SpeechSettings(overrides: .init(rate: 300))
        #expect(profile.parameters(with: settings).rate == 300 && profile.parameters(with: settings).wordGap == 2)
        let bad = directory + "/mal.json"
        try Data("{\n  \"voice\": \"es\",\n  \"wordGap\": 500\n}".utf8).write(to: URL(fileURLWithPath: bad))
        #expect(throws: SpeechError.invalidSetting(name: "wordGap", value: "500", source: bad + ":3")) {
            try VoiceProfile(contentsOf: bad)
        }
    }

    @Test func aMissingConfigFileIsNoError() throws {
        let settings = try SpeechSettings.resolve(
            flags: SpeechFlags(), environment: [:], configPath: "/nonexistent/voz/config.json")
        #expect(settings == SpeechSettings())
    }

    @Test func everyErrorHasASentenceInBothLanguages() {
        let errors: [SpeechError] = [
            .invalidMode(value: "x", source: "--speech"), .invalidRate(value: "x", source: "--rate"),
            .invalidSetting(name: "pitch", value: "x", source: "f"), .unknownVoice(value: "x", source: "--voice"),
            .unreadableFile(path: "f", detail: ""), .engineUnavailable(detail: ""), .noAudioDevice(detail: ""),
            .cannotWriteAudio(path: "f", detail: ""), .transcript(.cannotWrite(path: "f", detail: "")),
            .transcript(.isLink(path: "f")), .transcript(.notAFile(path: "f")),
            .transcript(.unreadable(path: "f", reason: "")), .transcript(.badLine(path: "f", line: 3)),
        ]
        for language in Language.allCases {
            let localizer = Localizer(language: language)
            for error in errors {
                let message = error.message(localizer)
                #expect(!message.hasPrefix("speech.") && !message.contains("{"), "\(language) \(error)")
            }
        }
    }
}
