import VozKit

/// The arguments of one subcommand after parsing.
struct ParsedArguments: Sendable, Equatable {
    var positionals: [String] = []
    /// Values by option name; a repeatable option keeps every value in order, a flag holds one empty string.
    var options: [String: [String]] = [:]

    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    func flag(_ name: String) -> Bool { options[name] != nil }
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
                    throw .invalidValue(option: name, value: inlineValue ?? "", expected: .noValue)
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
