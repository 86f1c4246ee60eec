import Foundation

/// Where Voz keeps its files, following the XDG base directory specification.
public struct StatePaths: Sendable, Equatable {
    /// `$XDG_STATE_HOME/voz` (default `~/.local/state/voz`): drafts and the technical log.
    public var state: String
    /// `$XDG_CONFIG_HOME/voz` (default `~/.config/voz`): config.json and the user's voices.
    public var config: String
    /// `$XDG_CACHE_HOME/voz` (default `~/.cache/voz`).
    public var cache: String

    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ name: String, _ fallback: String) -> String {
            // The XDG specification says relative paths are invalid and must be ignored.
            if let value = environment[name], value.hasPrefix("/") { return value }
            return (home as NSString).appendingPathComponent(fallback)
        }
        state = (base("XDG_STATE_HOME", ".local/state") as NSString).appendingPathComponent("voz")
        config = (base("XDG_CONFIG_HOME", ".config") as NSString).appendingPathComponent("voz")
        cache = (base("XDG_CACHE_HOME", ".cache") as NSString).appendingPathComponent("voz")
    }

    /// The folder of drafts.
    public var drafts: String { (state as NSString).appendingPathComponent("drafts") }
    /// The default technical log.
    public var log: String { (state as NSString).appendingPathComponent("voz.log") }
}
