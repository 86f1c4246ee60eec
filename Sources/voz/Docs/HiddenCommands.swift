import Foundation
import VozKit

/// The options voz keeps out of `--help` because they serve its own packaging, not its users:
/// `--generate-manpage`, `--generate-completion bash` and `--complete-fields FORM` (used by the completion).
enum HiddenCommands {
    /// Runs a hidden option and returns its exit code, or nil when `arguments` is an ordinary call.
    static func run(_ arguments: [String], commands: [CommandSpec]) -> Int32? {
        guard let first = arguments.first else { return nil }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--generate-manpage":
            guard rest.isEmpty else { return extra(first, rest) }
            Console.out(ManPage.render(commands: commands, version: VozVersion.current))
            return ExitCode.success
        case "--generate-completion":
            guard rest == ["bash"] else {
                Console.error("voz --generate-completion needs the shell's name, and only bash is supported.")
                return ExitCode.usage
            }
            Console.out(BashCompletion.render(commands: commands))
            return ExitCode.success
        case "--complete-fields":
            guard rest.count == 1 else {
                Console.error("voz --complete-fields needs exactly one form file.")
                return ExitCode.usage
            }
            return completeFields(path: rest[0])
        default:
            return nil
        }
    }

    // MARK: - Field ids

    /// Prints the id of every field of the form, one a line. Deliberately lenient: a form with other mistakes
    /// still completes, because completion is how people get to the point of fixing them.
    private static func completeFields(path: String) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONParser(allowsDuplicateKeys: true).parse(data),
            let fields = root["fields"]?.elements
        else {
            Console.error("voz cannot read the fields of \(path): it is not a form file.")
            return ExitCode.usage
        }
        for id in fields.compactMap({ $0["id"]?.string }) {
            Console.out(id)
        }
        return ExitCode.success
    }

    private static func extra(_ option: String, _ rest: [String]) -> Int32 {
        Console.usage(.extraArgument(command: option, argument: rest[0]))
        return ExitCode.usage
    }
}
