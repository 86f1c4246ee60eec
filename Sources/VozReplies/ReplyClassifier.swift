import Foundation

/// Sorts replies and transport errors into transient or permanent (design §6) and picks the catalog phrase
/// that leads what the user hears.
enum ReplyClassifier {
    /// A classification and the catalog key of its leading phrase.
    struct Verdict: Sendable, Equatable {
        var kind: SubmissionFailure.Kind
        var key: String
    }

    // MARK: - Replies

    /// The verdict for a failed reply's status code.
    static func verdict(forStatus status: Int) -> Verdict {
        switch status {
        case 408: return Verdict(kind: .transient, key: "server.timeout")
        case 425, 429, 503: return Verdict(kind: .transient, key: "server.busy")
        case 504: return Verdict(kind: .transient, key: "server.timeout")
        // 501 and 505 say the server cannot do this at all; any other 5xx is a passing fault.
        case 501, 505: return Verdict(kind: .permanent, key: "server.permanent")
        case 500...599: return Verdict(kind: .transient, key: "server.unavailable")
        case 400, 422: return Verdict(kind: .permanent, key: "server.rejected")
        case 401, 407: return Verdict(kind: .permanent, key: "server.unauthorized")
        case 403: return Verdict(kind: .permanent, key: "server.forbidden")
        case 404, 405, 410: return Verdict(kind: .permanent, key: "server.notFound")
        case 409: return Verdict(kind: .permanent, key: "server.conflict")
        case 413: return Verdict(kind: .permanent, key: "server.requestTooLarge")
        case 400...499: return Verdict(kind: .permanent, key: "server.permanent")
        default: return Verdict(kind: .permanent, key: "server.unexpected")
        }
    }

    /// Whether a status means the request was accepted.
    static func isSuccess(_ status: Int) -> Bool {
        (200..<300).contains(status)
    }

    // MARK: - Transport errors

    /// The verdict for a reply that never came. Every network failure leaves the outcome unknown, so it is
    /// transient: a retry with the same idempotency key cannot create a second record.
    static func verdict(for error: TransportError) -> Verdict {
        switch error {
        case .timedOut: return Verdict(kind: .transient, key: "server.timeout")
        case .cannotConnect: return Verdict(kind: .transient, key: "server.cannotConnect")
        case .connectionLost: return Verdict(kind: .transient, key: "server.connectionLost")
        case .notConnected: return Verdict(kind: .transient, key: "server.offline")
        case .dnsFailure: return Verdict(kind: .transient, key: "server.dns")
        case .tls: return Verdict(kind: .permanent, key: "server.tls")
        case .cancelled: return Verdict(kind: .transient, key: "server.cancelled")
        case .replyTooLarge: return Verdict(kind: .permanent, key: "server.replyTooLarge")
        // Nothing was sent, so a retry is safe; it succeeds once libcurl is installed (it is opened again then).
        case .networkLibraryMissing: return Verdict(kind: .transient, key: "server.networkLibrary")
        // The server sends every attempt to the same place: only whoever runs it can change that.
        case .redirectRefused: return Verdict(kind: .permanent, key: "server.redirectRefused")
        // The address stays where it is on every attempt; only the person's --allow-local-target changes that.
        case .localAddressRefused: return Verdict(kind: .permanent, key: "server.localAddressRefused")
        case .other: return Verdict(kind: .transient, key: "server.cannotConnect")
        }
    }
}
