/// The program a person is using, as its messages name it: Voz itself, or a tool built on VozKit.
///
/// A few sentences name the program ("signup is not speaking because there is no sound device") and say how to
/// change what it does. Voz says which of its options to use; a tool built on the library has other options, or
/// none, so by default its messages name the environment variable instead (`VOZ_SPEECH`), which works whatever
/// the tool's command line is.
public struct HostTool: Sendable, Equatable {
    /// How a message tells the person to change a setting.
    public enum Advice: Sendable, Equatable {
        /// Voz's own options, such as `--speech none`.
        case commandLine
        /// The environment variables every tool built on VozKit honours, such as `VOZ_SPEECH=none`.
        case environment
    }

    /// The name said where a sentence names the program, `{tool}` in the catalogs.
    public var name: String
    /// The name its files go under (`~/.local/state/IDENTIFIER/drafts`): the command's name, as a person types it.
    public var identifier: String
    /// Whether sentences advise its options or the environment variables.
    public var advice: Advice

    /// - Parameter identifier: the name for its files; by default `name`, lowercased.
    public init(name: String, identifier: String? = nil, advice: Advice = .environment) {
        self.name = name
        self.identifier = identifier ?? name.lowercased()
        self.advice = advice
    }

    /// Voz, the command-line tool.
    public static let voz = HostTool(name: "Voz", identifier: "voz", advice: .commandLine)

    /// A tool named after the program running: the last part of its path (`signup` for `/usr/bin/signup`).
    public static func currentProcess(arguments: [String] = CommandLine.arguments) -> HostTool {
        let path = arguments.first ?? ""
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty
            ? HostTool(name: "This program", identifier: "voz-tool") : HostTool(name: name, identifier: name)
    }
}
