import Foundation

/// Where Voz keeps its files, following the XDG base directory specification.
public struct StatePaths: Sendable, Equatable {
    /// `$XDG_STATE_HOME/voz` (default `~/.local/state/voz`), or the tool's own folder there: drafts and the
    /// technical log.
    public var state: String
    /// `$XDG_CONFIG_HOME/voz` (default `~/.config/voz`): config.json and the user's voices, which every tool built
    /// on VozKit shares with voz, since they are the person's, not the tool's.
    public var config: String
    /// `$XDG_CACHE_HOME/voz` (default `~/.cache/voz`).
    public var cache: String

    /// The folders of `application` (`voz`, or the name of a tool built on VozKit, made safe as a folder name).
    public init(environment: [String: String], application: String = "voz") {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ name: String, _ fallback: String) -> String {
            // The XDG specification says relative paths are invalid and must be ignored.
            if let value = environment[name], value.hasPrefix("/") { return value }
            return (home as NSString).appendingPathComponent(fallback)
        }
        let folder = Self.folderName(application)
        state = (base("XDG_STATE_HOME", ".local/state") as NSString).appendingPathComponent(folder)
        config = (base("XDG_CONFIG_HOME", ".config") as NSString).appendingPathComponent("voz")
        cache = (base("XDG_CACHE_HOME", ".cache") as NSString).appendingPathComponent("voz")
    }

    /// A name safe as one folder: ASCII letters, digits, `-`, `_` and `.`, the rest `_`; never `.`, `..` or empty.
    static func folderName(_ name: String) -> String {
        let safe = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        return safe.isEmpty || safe.allSatisfy({ $0 == "." }) ? "voz" : safe
    }

    /// The folder of drafts.
    public var drafts: String { (state as NSString).appendingPathComponent("drafts") }
    /// The default technical log.
    public var log: String { (state as NSString).appendingPathComponent("voz.log") }
}
