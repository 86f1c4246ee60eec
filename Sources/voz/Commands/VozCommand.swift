import Foundation
import VozKit

/// A voz subcommand: its spec for parsing and help, and what it does.
protocol VozCommand: Sendable {
    static var spec: CommandSpec { get }
    /// Runs the command and returns the process exit code.
    static func run(_ arguments: ParsedArguments) async -> Int32
}

/// The exit codes of design §10.
enum ExitCode {
    static let success: Int32 = 0
    /// The submission did not complete (or the audit found problems).
    static let failure: Int32 = 1
    /// A usage, form-file or settings error.
    static let usage: Int32 = 2
    static let interrupted: Int32 = 130
}

/// The program's only door to standard output and standard error: one plain line at a time.
///
/// Every line passes `TextSanitizer.printable` here, at the boundary, whatever it carries: a note naming an
/// operation of a description, a finding quoting a recording, a reply's message, a value given on the command
/// line. No escape sequence or control character of theirs reaches the terminal, and no caller has to remember.
/// JSON output is unchanged by it: Voz's JSON escapes those characters itself.
enum Console {
    // A terminal that went away must not stop voz before it has saved the draft and cleaned up, so a failed
    // write is dropped rather than raised.
    static func out(_ line: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((TextSanitizer.printable(line) + "\n").utf8))
    }

    static func error(_ line: String) {
        try? FileHandle.standardError.write(contentsOf: Data((TextSanitizer.printable(line) + "\n").utf8))
    }

    /// Voz's own messages in the user's language (`LC_ALL`, `LC_MESSAGES`, `LANG`): usage and form-file errors.
    static let localizer = Localizer(language: Language.fromEnvironment(ProcessInfo.processInfo.environment))

    /// Says why voz cannot go on, on standard error: usage and form-file errors in the user's language.
    static func error(_ failure: any Error) {
        switch failure {
        case let mistake as UsageError: error(mistake.message(localizer))
        case let problem as FormFileError: error(problem.message(localizer))
        default: error(String(describing: failure))
        }
    }

    /// Says a usage mistake on standard error, in the user's language.
    static func usage(_ mistake: UsageError) {
        error(mistake.message(localizer))
    }
}

/// Says that a command exists in the design but is not built yet; exit code 2.
func notBuiltYet(_ name: String) -> Int32 {
    Console.error("voz \(name) is not built yet in this version.")
    return ExitCode.usage
}
