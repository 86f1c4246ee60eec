import Foundation

/// Whether an address crosses a network in clear text: the network fact behind `SendingPolicy` (answers) and the
/// description loader (documents that decide where answers go).
public enum TransportPolicy {
    /// Whether `url` crosses a network in clear text: plain `http` to a host other than this machine. The one rule
    /// for sending answers and for reading the descriptions that decide where answers go.
    public static func isCleartext(_ url: URL) -> Bool {
        HopRouting(environment: [:]).isCleartext(url)
    }

    /// Whether `host` names this machine: `localhost`, 127.0.0.0/8 or ::1.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" { return true }
        let parts = bare.split(separator: ".")
        return parts.count == 4 && parts.first == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
