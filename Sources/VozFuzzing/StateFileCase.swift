import Foundation
import VozTestSupport

/// One hostile state folder for the `state-files` target: what is planted at each place Voz writes or reads
/// (the state and drafts folders, a draft, its lock, the log, and outputs the person names), and the file
/// operations then run on it, in order, through the real code.
public struct StateFileCase: StoredFuzzCase, Sendable, Equatable {
    /// Place (relative to the scene's root) to what is planted there (`StateFileScene.Plant`).
    public var plants: [String: String]
    public var operations: [String]

    /// The places: Voz's own (state, drafts and what is in them) and the outputs a person names.
    public static let places = [
        "state/voz", "state/voz/drafts", "state/voz/drafts/fuzz.json", "state/voz/drafts/fuzz.json.lock",
        "state/voz/voz.log", "out/transcript.jsonl", "out/named.log", "out/voice.wav", "out/wavs",
        "out/wavs/0001.wav", "out/session.cast", otherDraft,
    ]
    /// Another form's draft, beside the fuzz form's.
    public static let otherDraft = "state/voz/drafts/other.json"
    public static let operations = [
        "draft-save", "draft-load", "draft-delete", "draft-lock", "state-log", "named-log", "transcript", "wav-file",
        "wav-folder", "cast", "two-runs", "draft-save-full",
    ]

    public static func make(_ random: inout SeededGenerator) -> StateFileCase {
        var plants: [String: String] = [:]
        for place in places where random.chance(1, in: 3) {
            plants[place] = random.pick(StateFileScene.Plant.allCases).rawValue
        }
        let operations = (0..<Int.random(in: 1...6, using: &random)).map { _ in random.pick(Self.operations) }
        return StateFileCase(plants: plants, operations: operations)
    }

    public init(plants: [String: String], operations: [String]) {
        self.plants = plants
        self.operations = operations
    }
}
