import Foundation

/// Whether an address crosses a network in clear text: the network fact behind `SendingPolicy` (answers) and the
/// description loader (documents that decide where answers go).
public enum TransportPolicy {
    /// Whether `url` crosses a network in clear text: plain `http` to a host other than this machine. The one rule
    /// for sending answers and for reading the descriptions that decide where answers go.
    public static func isCleartext(_ url: URL) -> Bool {
        HopRouting(environment: [:]).isCleartext(url)
    }

    /// Whether `host` names this machine: `localhost`, 127.0.0.0/8 or ::1, in every form libcurl reads an address
    /// in (`127.1`, `0x7f000001`, `2130706433`, `::ffff:127.0.0.1`), as `HostScope` reads them: libcurl connects
    /// to this machine with each, so each gets this machine's rules (no proxy, no clear text on a network).
    public static func isLoopback(_ host: String) -> Bool {
        HostScope(host: host) == .thisMachine
    }
}
