import VozJSON

extension VoiceParameters {
    /// The parameters a voice profile, the config file or a flag may set, each optional: one that is nil keeps the
    /// value beneath it.
    public struct Overrides: Sendable, Equatable {
        /// Words per minute.
        public var rate: Int?
        /// Base pitch, 0…100.
        public var pitch: Int?
        /// Pitch range, 0…100.
        public var range: Int?
        /// Volume, 0…200.
        public var volume: Int?
        /// Which punctuation marks are read aloud.
        public var punctuation: Punctuation?
        /// How a capital letter is marked.
        public var capitals: Capitals?
        /// Extra pause between words, in units of 10 ms at the default rate.
        public var wordGap: Int?

        /// Overrides setting only the values given.
        public init(
            rate: Int? = nil, pitch: Int? = nil, range: Int? = nil, volume: Int? = nil,
            punctuation: Punctuation? = nil, capitals: Capitals? = nil, wordGap: Int? = nil
        ) {
            self.rate = rate
            self.pitch = pitch
            self.range = range
            self.volume = volume
            self.punctuation = punctuation
            self.capitals = capitals
            self.wordGap = wordGap
        }
    }

    /// The parameters with every value `overrides` sets in its place: the one merge of a profile and the user.
    public func applying(_ overrides: Overrides) -> VoiceParameters {
        VoiceParameters(
            voice: voice, rate: overrides.rate ?? rate, pitch: overrides.pitch ?? pitch,
            range: overrides.range ?? range,
            volume: overrides.volume ?? volume, punctuation: overrides.punctuation ?? punctuation,
            capitals: overrides.capitals ?? capitals, wordGap: overrides.wordGap ?? wordGap)
    }

    // MARK: - Limits

    /// Words per minute Voz accepts; above 450 eSpeak NG speeds up with sonic.
    public static let rateRange = 80...900
    static let pitchRange = 0...100
    static let volumeRange = 0...200
    static let wordGapRange = 0...100
}

// MARK: - Reading a person's file

extension VoiceParameters.Overrides {
    /// The names of the parameters a file may set, as its keys spell them.
    package static let keys: Set<String> = ["rate", "pitch", "range", "volume", "punctuation", "capitals", "wordGap"]

    /// Reads the parameters among `members` (a voice profile's or the config file's object), each checked against
    /// its limits. A mistake is one `SpeechError` whose source is `path:line`, with the value as written, so the
    /// person can find it; keys that are not parameters are left for the caller.
    ///
    /// - Returns: the parameters and, for each one set, the `path:line` it came from.
    package static func read(
        _ members: [JSONMember], path: String, allowing allowed: Set<String> = keys
    ) throws(SpeechError) -> (overrides: Self, sources: [String: String]) {
        var overrides = Self()
        var sources: [String: String] = [:]
        for member in members where allowed.contains(member.key) {
            let source = "\(path):\(member.value.line)"
            let written = member.value.scalarText ?? "?"
            switch member.key {
            case "rate":
                guard let value = member.value.int, VoiceParameters.rateRange.contains(value) else {
                    throw .invalidRate(value: written, source: source)
                }
                overrides.rate = value
            case "pitch": overrides.pitch = try number(member, in: VoiceParameters.pitchRange, source: source)
            case "range": overrides.range = try number(member, in: VoiceParameters.pitchRange, source: source)
            case "volume": overrides.volume = try number(member, in: VoiceParameters.volumeRange, source: source)
            case "wordGap": overrides.wordGap = try number(member, in: VoiceParameters.wordGapRange, source: source)
            case "punctuation": overrides.punctuation = try choice(member, source: source)
            case "capitals": overrides.capitals = try choice(member, source: source)
            default: continue
            }
            sources[member.key] = source
        }
        return (overrides, sources)
    }

    private static func number(
        _ member: JSONMember, in range: ClosedRange<Int>, source: String
    ) throws(SpeechError) -> Int {
        guard let value = member.value.int, range.contains(value) else {
            throw .invalidSetting(name: member.key, value: member.value.scalarText ?? "?", source: source)
        }
        return value
    }

    private static func choice<T: RawRepresentable<String>>(
        _ member: JSONMember, source: String
    ) throws(SpeechError) -> T {
        guard let text = member.value.string, let value = T(rawValue: text.lowercased()) else {
            throw .invalidSetting(name: member.key, value: member.value.scalarText ?? "?", source: source)
        }
        return value
    }
}

extension VoiceParameters.Overrides {
    /// The members of the JSON object a person's file holds, read by VozJSON: a syntax mistake is named by its file
    /// and line (`config.json:3`), as every other mistake in these files is.
    package static func members(ofFile data: [UInt8], path: String) throws(SpeechError) -> [JSONMember] {
        let document: JSONNode
        do {
            document = try JSONParser().parse(data)
        } catch {
            throw .unreadableFile(path: "\(path):\(error.line)", detail: error.problem)
        }
        guard let members = document.members else {
            throw .unreadableFile(path: "\(path):\(document.line)", detail: "not a JSON object")
        }
        return members
    }
}
