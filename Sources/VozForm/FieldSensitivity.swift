import Foundation

/// How closely a field's value is guarded: whether it is typed with echo off, and whether it may ever be kept.
///
/// Two questions, so two answers: a card number is typed visibly (the user checks the digits as they type) and yet
/// is never written to a draft, a transcript or the technical log; a password is both hidden and never kept.
public enum FieldSensitivity: Sendable, Equatable {
    /// An ordinary value: drafts keep it, transcripts record it, the review reads it back.
    case ordinary
    /// Typed visibly, never at rest: left out of drafts, masked in transcripts, redacted in the log, said masked.
    case neverStored
    /// A secret field: typed with echo off, never said even in part, and never at rest either.
    case secret

    /// The autocomplete purposes whose values are never at rest: card data, one-time codes and passwords, and
    /// Voz's own `iban` for a bank account (HTML has no token for one). A purpose may carry a section and
    /// `shipping`/`billing` before its name (`billing cc-number`).
    public static let purposes = Set<String>([
        "cc-number", "cc-csc", "cc-exp", "cc-exp-month", "cc-exp-year", "one-time-code", "current-password",
        "new-password",
    ]).union(vozPurposes)

    /// Purposes HTML has no autocomplete token for, which Voz knows: `iban`, a bank account number.
    public static let vozPurposes: Set<String> = ["iban"]

    /// The sensitivity of a field of `kind` with the autocomplete `purpose`.
    public init(kind: FieldKind, purpose: String?) {
        if kind == .secret {
            self = .secret
        } else if let purpose, Self.purposes.contains(Self.purposeName(purpose)) {
            self = .neverStored
        } else {
            self = .ordinary
        }
    }

    /// The field name of an autocomplete detail: its last token, past a trailing `webauthn`.
    static func purposeName(_ purpose: String) -> String {
        var tokens = purpose.lowercased().split(whereSeparator: \.isWhitespace)
        if tokens.last == "webauthn" { tokens.removeLast() }
        return tokens.last.map(String.init) ?? ""
    }
}

extension Field {
    /// How closely the value is guarded (see `FieldSensitivity`).
    public var sensitivity: FieldSensitivity { FieldSensitivity(kind: kind, purpose: purpose) }

    /// Whether the value is never at rest: never in a draft, transcript or log, and said only masked. True of every
    /// secret field and of the card, one-time-code and password purposes.
    public var isSensitive: Bool { sensitivity != .ordinary }

    /// Whether the review says the value as a card's last four digits rather than as hidden.
    package var isCardNumber: Bool {
        sensitivity == .neverStored && FieldSensitivity.purposeName(purpose ?? "") == "cc-number"
    }
}
