import Foundation

/// A send whose outcome Voz does not know yet (design §2.2, issue 25 §2): its idempotency key, the fingerprint of
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
        self.init(
            key: IdempotencyKey(try container.decode(String.self, forKey: .key)), fingerprint: fingerprint,
            sentAt: try container.decode(Double.self, forKey: .sentAt))
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
/// outcome; it writes synchronously (atomically) and returns whether it could.
public protocol PendingAttemptJournal: Sendable {
    /// Stores `attempts`, the whole list, before returning; false when it could not.
    @discardableResult
    func keep(_ attempts: [PendingAttempt]) -> Bool
}

/// What a send does with pending attempts whose request differs from its own.
public enum UnmatchedAttemptPolicy: Sendable, Equatable {
    /// Someone is there, and changed the data: the new send's attempt replaces them, as an edit discards a key.
    case replace
    /// An unattended run: they are kept beside the new one, and one line says so; nothing is discarded unseen.
    case keep
}
