/// The arguments of one subcommand after parsing.
struct ParsedArguments: Sendable, Equatable {
    var positionals: [String] = []
    /// Values by option name; a repeatable option keeps every value in order, a flag holds one empty string.
    var options: [String: [String]] = [:]

    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    func flag(_ name: String) -> Bool { options[name] != nil }
}

/// A mistake in how voz was called; said as one sentence, exit code 2.
enum UsageError: Error, CustomStringConvertible, Equatable {
    case unknownCommand(String)
    case unknownOption(command: String, option: String)
    case missingValue(command: String, option: String, valueName: String)
    case repeatedOption(command: String, option: String)
    case missingArgument(command: String, name: String)
    case extraArgument(command: String, argument: String)
    case invalidValue(option: String, value: String, expected: String)

    var description: String {
        switch self {
        case .unknownCommand(let name):
            return "voz has no command called \(name). Run voz --help to see the commands."
        case .unknownOption(let command, let option):
            return "voz \(command) has no option \(option). Run voz \(command) --help to see its options."
        case .missingValue(let command, let option, let valueName):
            return "voz \(command): the option --\(option) needs a value (\(valueName))."
        case .repeatedOption(let command, let option):
            return "voz \(command): the option --\(option) was given more than once; give it once."
        case .missingArgument(let command, let name):
            return "voz \(command) needs \(name). Run voz \(command) --help for an example."
        case .extraArgument(let command, let argument):
            return "voz \(command) does not take the extra argument \(argument)."
        case .invalidValue(let option, let value, let expected):
            return "The value \(value) for --\(option) is not valid: expected \(expected)."
        }
    }
}

/// Parses a subcommand's arguments against its spec: `--name VALUE`, `--name=VALUE`, flags, positionals, and
/// `--` to end options.
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if !optionsEnded, argument.count == 2, argument.hasPrefix("-"), let letter = argument.last,
                let option = spec.option(short: letter)
            {
                argument = "--" + option.name
            }
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.option(named: name) else {
                throw .unknownOption(command: spec.name, option: "--\(name)")
            }
            let value: String
            if let valueName = option.valueName {
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .missingValue(command: spec.name, option: name, valueName: valueName)
                }
            } else {
                if inlineValue != nil {
                    throw .invalidValue(option: name, value: inlineValue ?? "", expected: "no value")
                }
                value = ""
            }
            if !option.repeatable, parsed.options[name] != nil {
                throw .repeatedOption(command: spec.name, option: name)
            }
            parsed.options[name, default: []].append(value)
        }
        if parsed.positionals.count < spec.requiredPositionals {
            throw .missingArgument(command: spec.name, name: spec.positionals[parsed.positionals.count])
        }
        if !spec.repeatsLastPositional, parsed.positionals.count > spec.positionals.count {
            throw .extraArgument(command: spec.name, argument: parsed.positionals[spec.positionals.count])
        }
        return parsed
    }
}
