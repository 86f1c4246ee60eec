import Foundation
import VozForm
import VozJSON
import VozSubmission
import VozSupport

/// What a session keeps of an unfinished form between runs: the non-secret answers as typed, and the sends whose
/// outcome is not known (their keys and fingerprints).
public struct Draft: Sendable, Equatable, Codable {
    /// The form's id, which names the draft's file.
    public var formID: String
    /// Answers as the user typed them, by field id. Secret fields are never here.
    public var answers: [String: String]
    /// Sends that may have reached the server; a send of the same request reuses the key and is recognised.
    public var pendingAttempts: [PendingAttempt]
    /// When the draft was saved, seconds since 1970.
    public var savedAt: Double
    /// The fields the person had been asked, by id (no values): a restore goes on from the first field not asked,
    /// or asked but never kept (a card number), not from an optional field left empty on purpose. Nil in a draft
    /// from before it was kept.
    public var askedFields: [String]?
    /// The item of a group the person was entering when the run ended: nothing typed is lost.
    public var unfinishedItem: UnfinishedGroupItem?

    /// A draft of `formID`'s answers as typed and its unanswered sends, saved at `savedAt`.
    public init(
        formID: String, answers: [String: String], pendingAttempts: [PendingAttempt] = [], savedAt: Double,
        askedFields: [String]? = nil, unfinishedItem: UnfinishedGroupItem? = nil
    ) {
        self.formID = formID
        self.answers = answers
        self.pendingAttempts = pendingAttempts
        self.savedAt = savedAt
        self.askedFields = askedFields
        self.unfinishedItem = unfinishedItem
    }

    private enum CodingKeys: String, CodingKey {
        case formID, answers, pendingAttempts, savedAt, askedFields, unfinishedItem
    }

    /// Reads a draft Voz wrote; one from before pending attempts were kept has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formID = try container.decode(String.self, forKey: .formID)
        answers = try container.decode([String: String].self, forKey: .answers)
        // A draft from before pending attempts has none; its answers still come back. A draft is outside input: an
        // attempt that does not read (a key that would break a header) is dropped alone, never the answers with it.
        pendingAttempts =
            (try container.decodeIfPresent([Readable<PendingAttempt>].self, forKey: .pendingAttempts) ?? [])
            .compactMap(\.value)
        savedAt = try container.decode(Double.self, forKey: .savedAt)
        // Newer parts: one that does not read is left out alone, never the answers with it.
        askedFields = try? container.decodeIfPresent([String].self, forKey: .askedFields)
        unfinishedItem = try? container.decodeIfPresent(UnfinishedGroupItem.self, forKey: .unfinishedItem)
    }
}

extension Draft {
    /// Whether the draft holds anything typed to restore: answers, or a group item half entered.
    public var hasAnswers: Bool { !answers.isEmpty || unfinishedItem != nil }

    /// How many answers a restore brings back, a half-entered item counted as one.
    public var answerCount: Int { answers.count + (unfinishedItem == nil ? 0 : 1) }
}

/// A group item half entered when a run ended (a guest with a name and no e-mail yet): its group and the answers
/// typed so far, by member id, as typed; a sensitive member's answer is never here.
public struct UnfinishedGroupItem: Sendable, Equatable, Codable {
    /// The group field's id.
    public var fieldID: String
    /// The members' answers so far, by member id.
    public var typed: [String: String]

    /// An item of `fieldID` holding `typed`.
    public init(fieldID: String, typed: [String: String]) {
        self.fieldID = fieldID
        self.typed = typed
    }
}

/// One element of a list in a file, or nil when it does not read: the others still do.
private struct Readable<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

/// Saves, loads and deletes drafts in one folder (`$XDG_STATE_HOME/voz/drafts/` for voz, the tool's own for a tool
/// built on VozKit), one file a form, mode 0600.
///
/// The folder is Voz's own: it (and the state folder above it, when given) is never a symbolic link and is the
/// user's, so a link planted there cannot send a draft, or its deletion, into another folder. Drafts are replaced
/// atomically and removed with unlink: a folder at a draft's place is refused, never emptied.
public struct DraftStore: Sendable {
    /// The folder the drafts are in; made, mode 0700, when the first draft is saved.
    public let folder: String
    /// The first of the folders down to `folder` that are Voz's own (the state folder), or `folder` itself.
    public let ownFrom: String
    /// The tag of the destination the drafts belong to (`SubmitSpec.destinationTag`); nil for drafts filed by form
    /// id alone.
    public let destinationTag: String?
    /// A draft is a few answers and keys; a larger file at its place is not one.
    static let maximumBytes = 16 << 20
    /// Called with each draft before it is written, on the thread that writes it: a test's stuck or slow disk.
    package var beforeWriting: (@Sendable (Draft) -> Void)?

    /// The drafts in `folder`, filed by form id alone until `scoped(to:)`; `stateFolder`, a parent of `folder`, is
    /// Voz's own as well when given.
    public init(folder: String, within stateFolder: String? = nil) {
        self.folder = folder
        ownFrom = stateFolder ?? folder
        destinationTag = nil
    }

    private init(folder: String, ownFrom: String, destinationTag: String?) {
        self.folder = folder
        self.ownFrom = ownFrom
        self.destinationTag = destinationTag
    }

    /// The same folder's drafts of forms that send as `submit` does: the same form aimed at another server has a
    /// draft of its own, so neither's answers nor unanswered sends are taken for the other's.
    public func scoped(to submit: SubmitSpec) -> DraftStore {
        var scoped = DraftStore(folder: folder, ownFrom: ownFrom, destinationTag: submit.destinationTag)
        scoped.beforeWriting = beforeWriting
        return scoped
    }

    /// The draft file of a form. The name comes from the form id and the destination's tag only, so no answer ever
    /// reaches a file name.
    public func path(forForm formID: String) -> String {
        (folder as NSString).appendingPathComponent(fileName(forForm: formID))
    }

    func fileName(forForm formID: String) -> String {
        let safe = formID.unicodeScalars.map { scalar -> String in
            (CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII) || scalar == "-" ? String(scalar) : "_"
        }.joined()
        return (safe.isEmpty ? "form" : safe) + (destinationTag.map { "@" + $0 } ?? "") + ".json"
    }

    func open(creating: Bool) throws(PrivateFile.Failure) -> PrivateFolder {
        try PrivateFolder.open(folder, ownFrom: ownFrom, creating: creating)
    }

    /// The saved draft of a form, or nil when there is none or it cannot be read (an unreadable draft is not an
    /// error worth stopping a session for).
    public func load(formID: String) -> Draft? {
        guard let data = (try? open(creating: false))?.read(fileName(forForm: formID), limit: Self.maximumBytes)
        else { return nil }
        guard let draft = try? JSONDecoder().decode(Draft.self, from: data), draft.formID == formID else { return nil }
        return draft
    }

    /// Writes the draft, replacing any earlier one.
    public func save(_ draft: Draft) throws(PrivateFile.Failure) {
        beforeWriting?(draft)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A draft is a file a person may print; its values are escaped as every JSON file Voz writes.
        let encoded = (try? encoder.encode(draft)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let data = Data(InvisibleScalars.escaped(inJSON: encoded).utf8)
        try open(creating: true).replace(fileName(forForm: draft.formID), with: data)
    }

    /// Removes the draft of a form, if any: the file, or a link at its place, never what a link points to, and
    /// never a folder.
    public func delete(formID: String) {
        (try? open(creating: false))?.remove(fileName(forForm: formID))
    }
}
