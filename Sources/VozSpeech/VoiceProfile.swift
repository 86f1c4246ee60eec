import Foundation
import VozAnnouncer
import VozSupport

/// A voice Voz ships or a user added: an eSpeak NG voice, an optional variant, and the defaults for it.
///
/// Read from `voices/NAME.json`; the variant is a file in the `variants/` folder beside it. The profiles Voz ships
/// are embedded in the code (`EmbeddedVoices`, made from the repository's `voices/` at build time); a user's own
/// are read from their folder.
public struct VoiceProfile: Sendable, Equatable {
    /// The file's name without `.json` (`es`); a profile named after a language is its default.
    public var name: String
    /// One line saying what the voice is, as `voz voices` lists it; may be empty.
    public var description: String
    /// eSpeak NG's base voice (`es`, `en-gb`).
    public var voice: String
    /// The variant's name (`voz-es`), when it has one.
    public var variant: String?
    /// The variant file's text, when it has one that exists: eSpeak NG reads it from its data folder.
    public var variantText: String?
    /// What the profile sets over eSpeak NG's own defaults (`VoiceParameters(voice:)`).
    public var defaults: VoiceParameters.Overrides
    /// The profile's file, or where a shipped one came from (`voices/es.json`, built in).
    public var file: String

    /// The name eSpeak NG knows the voice by (`es+voz-es`).
    public var espeakName: String { variant.map { "\(voice)+\($0)" } ?? voice }

    /// The profile's own parameters, before the user's settings.
    public var parameters: VoiceParameters { VoiceParameters(voice: espeakName).applying(defaults) }

    /// The eSpeak NG parameters of this profile with the user's `settings` over its defaults.
    public func parameters(with settings: SpeechSettings) -> VoiceParameters {
        parameters.applying(settings.overrides)
    }

    /// A profile built in code; `init(contentsOf:)` reads one from its file.
    public init(
        name: String, description: String = "", voice: String, variant: String? = nil, variantText: String? = nil,
        defaults: VoiceParameters.Overrides = .init(), file: String = ""
    ) {
        self.name = name
        self.description = description
        self.voice = voice
        self.variant = variant
        self.variantText = variantText
        self.defaults = defaults
        self.file = file
    }

    // MARK: - Reading

    /// Reads a profile file through VozJSON; any mistake is one `SpeechError` naming the file, and the line when
    /// the mistake is on one. Its variant is the file of that name in the `variants/` folder beside it.
    ///
    /// Only regular files are opened: a pipe or a device named as a profile is refused, never waited on.
    public init(contentsOf path: String) throws(SpeechError) {
        let data: Data
        do throws(BoundedFile.Failure) {
            data = try BoundedFile.read(path: path, limit: Self.fileLimit, accepting: .file)
        } catch {
            throw .unreadableFile(path: path, detail: "cannot be read: \(error)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try self.init(
            json: Array(data), path: path,
            variant: { name in
                let file = folder + "/variants/" + name
                return (try? BoundedFile.read(path: file, limit: Self.fileLimit, accepting: .file))
                    .map { String(decoding: $0, as: UTF8.self) }
            })
    }

    /// A profile or variant is a few hundred bytes; anything past this is not one.
    static let fileLimit = 1 << 20

    /// Reads a profile from its JSON; `path` names it in mistakes and gives its name, and `variant` gives the text
    /// of a variant by name, or nil when there is none.
    init(json data: [UInt8], path: String, variant variantText: (String) -> String?) throws(SpeechError) {
        let members = try VoiceParameters.Overrides.members(ofFile: data, path: path)
        func text(_ key: String) throws(SpeechError) -> (String, line: Int)? {
            guard let member = members.first(where: { $0.key == key }) else { return nil }
            guard let text = member.value.string else {
                throw .unreadableFile(path: "\(path):\(member.value.line)", detail: "\(key) is not text")
            }
            return (text, member.value.line)
        }
        let url = URL(fileURLWithPath: path)
        name = url.deletingPathExtension().lastPathComponent
        description = try text("description")?.0 ?? ""
        guard let (voice, line) = try text("voice") else {
            throw .unreadableFile(path: path, detail: "no voice: name the eSpeak NG voice it speaks with")
        }
        guard !voice.isEmpty, !voice.contains("/") else {
            throw .unreadableFile(path: "\(path):\(line)", detail: "voice \(voice) is not an eSpeak NG voice name")
        }
        self.voice = voice
        defaults = try VoiceParameters.Overrides.read(members, path: path).overrides
        file = path
        if let (variant, line) = try text("variant") {
            // eSpeak NG looks variants up by name in its data folder; keep names that are safe file names.
            guard !variant.isEmpty, variant.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }),
                variant.first?.isNumber == false
            else { throw .unreadableFile(path: "\(path):\(line)", detail: "bad variant name \(variant)") }
            self.variant = variant.lowercased()
            self.variantText = variantText(variant)
        }
    }
}
