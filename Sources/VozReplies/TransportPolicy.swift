import Foundation
import VozForm
import VozLocalization

/// Decides whether a form may be sent where its `submit.url` points.
///
/// Secrets sent over plain HTTP to another machine can be read by anyone on the way; Voz refuses that unless
/// the user asks for it (`--allow-insecure`). Plain HTTP to this machine (loopback) never leaves it.
public enum TransportPolicy {
    /// Why a form may not be sent as it is.
    public enum Violation: Error, Equatable, CustomStringConvertible {
        case insecureSecrets(host: String, fields: [String])

        public var description: String {
            switch self {
            case .insecureSecrets(let host, let fields):
                return "This form would send \(fields.joined(separator: ", ")) unencrypted over plain HTTP to \(host). "
                    + "Use an https address, or pass --allow-insecure if you accept that risk."
            }
        }

        /// The refusal in the user's language.
        public func message(_ localizer: Localizer) -> String {
            switch self {
            case .insecureSecrets(let host, let fields):
                return localizer.text(
                    "transport.insecure", ["fields": OptionWording.list(fields, localizer), "host": host])
            }
        }
    }

    /// The violation of sending `form` to `url`, or nil when it may be sent.
    public static func check(_ form: Form, url: URL, allowInsecure: Bool) -> Violation? {
        guard !allowInsecure, isCleartext(url) else { return nil }
        let host = url.host ?? ""
        // Card data and one-time codes cross a network no more safely than a password does.
        let secrets = form.fields.filter(\.isSensitive).map(\.label)
        return secrets.isEmpty ? nil : .insecureSecrets(host: host, fields: secrets)
    }

    /// Whether `url` crosses a network in clear text: plain `http` to a host other than this machine. The one rule
    /// for sending answers and for reading the descriptions that decide where answers go.
    public static func isCleartext(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "http" && !isLoopback(url.host ?? "")
    }

    /// Whether `host` names this machine: `localhost`, 127.0.0.0/8 or ::1.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" { return true }
        let parts = bare.split(separator: ".")
        return parts.count == 4 && parts.first == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
