import Foundation

/// A send whose outcome Voz does not know yet (design §2.2): its idempotency key, the fingerprint of
/// the exact request it carried, and when it went.
///
/// It is written where a later run finds it (the draft) before the request leaves, and cleared only on a
/// definitive outcome: the server accepted the data or rejected them. A later send whose request has the same
/// fingerprint reuses the key, wherever its values came from (a restored draft, a retyped password, `--set`,
/// `--answers`), so the server recognises it as the same send; any difference gets a new key.
public struct PendingAttempt: Sendable, Equatable {
    /// The idempotency key the request carried, reused by any send of the same request.
    public var key: IdempotencyKey
    /// What recognises the same request sent again.
    public var fingerprint: PayloadFingerprint
    /// When the request last went, seconds since 1970.
    public var sentAt: Double

    /// An attempt sent with `key` at `sentAt`, seconds since 1970.
    public init(key: IdempotencyKey, fingerprint: PayloadFingerprint, sentAt: Double) {
        self.key = key
        self.fingerprint = fingerprint
        self.sentAt = sentAt
    }
}

// MARK: - Lifetime

extension PendingAttempt {
    /// How long a pending attempt is kept: a day, as long as servers such as Stripe keep an idempotency key. After
    /// that the server no longer recognises the key, so reusing it protects nothing.
    public static let lifetime: Double = 86_400
    /// The most pending attempts kept for one form and destination. Each send checks every one with a password
    /// hash, so an unbounded list would hold a send back for seconds.
    public static let limit = 16

    /// The attempts still worth keeping at `now` (seconds since 1970): those sent within `lifetime`, the newest
    /// `limit` of them, in their order. An attempt dated in the future by more than `lifetime` is a broken clock
    /// or a planted file, and goes too.
    public static func current(_ attempts: [PendingAttempt], now: Double) -> [PendingAttempt] {
        let live = attempts.filter { abs(now - $0.sentAt) < lifetime }
        guard live.count > limit else { return live }
        let newest = Set(live.indices.sorted { live[$0].sentAt > live[$1].sentAt }.prefix(limit))
        return live.indices.filter(newest.contains).map { live[$0] }
    }
}

// MARK: - In a draft

extension PendingAttempt: Codable {
    private enum CodingKeys: String, CodingKey {
        case key, fingerprint, sentAt
    }

    /// Reads an attempt as a draft keeps it; a fingerprint that is not a yescrypt string is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stored = try container.decode(String.self, forKey: .fingerprint)
        guard let fingerprint = PayloadFingerprint(stored: stored) else {
            throw DecodingError.dataCorruptedError(
                forKey: .fingerprint, in: container, debugDescription: "not a yescrypt string")
        }
        // A draft is outside input: a key that could not go into a header as it is never reaches one.
        guard let key = IdempotencyKey(stored: try container.decode(String.self, forKey: .key)) else {
            throw DecodingError.dataCorruptedError(
                forKey: .key, in: container, debugDescription: "not a key of visible ASCII, 1 to 255 characters")
        }
        let sentAt = try container.decode(Double.self, forKey: .sentAt)
        guard sentAt.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .sentAt, in: container, debugDescription: "not a time")
        }
        self.init(key: key, fingerprint: fingerprint, sentAt: sentAt)
    }

    /// Writes the key, the fingerprint's stored string and the time.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key.value, forKey: .key)
        try container.encode(fingerprint.stored, forKey: .fingerprint)
        try container.encode(sentAt, forKey: .sentAt)
    }
}

/// Where the controller keeps its pending attempts so that they outlive the process: the session's draft.
///
/// `keep` is called with the whole list each time it changes, before a request leaves and after a definitive
/// outcome; it writes synchronously (atomically). A write that fails before a send stops the send: a request
/// that left without its record could be sent again, by the next run, under a new key.
public protocol PendingAttemptJournal: Sendable {
    /// Stores `attempts`, the whole list, before returning; throws when it could not.
    func keep(_ attempts: [PendingAttempt]) throws(PendingAttemptJournalFailure)
}

/// Why the pending attempts could not be written: what the person is told, and the system's words for the log.
public struct PendingAttemptJournalFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What stopped the write, as far as the person can act on it.
    public enum Cause: String, Sendable, Equatable {
        /// No space left (or the quota reached) in the folder.
        case full
        /// The folder or file may not be written by this user, or is on a read-only file system.
        case notPermitted
        /// Anything else: a link where the file should be, a folder that cannot be made.
        case other
    }

    /// The folder the journal writes in, said to the person.
    public var folder: String
    /// What stopped the write.
    public var cause: Cause
    /// The system's words, for the technical log only.
    public var detail: String

    /// A failure to write in `folder` for `cause`, with the system's `detail`.
    public init(folder: String, cause: Cause, detail: String) {
        self.folder = folder
        self.cause = cause
        self.detail = detail
    }

    /// The failure in English, for logs.
    public var description: String { "cannot keep pending sends in \(folder) (\(cause.rawValue)): \(detail)" }
}
