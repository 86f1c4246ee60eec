import Foundation
import VozKit

// voz: argument parsing, wiring and exit codes only; everything else lives in VozKit.

enum Commands {
    static let all: [any VozCommand.Type] = [
        RunCommand.self,
        DemoCommand.self,
        ServeDemoCommand.self,
        AuditCommand.self,
        RecordCommand.self,
        WrapCommand.self,
        FormCommand.self,
        SayCommand.self,
        VoicesCommand.self,
        ReplyCommand.self,
    ]
}

func main(_ arguments: [String]) async -> Int32 {
    guard let first = arguments.first else {
        Console.out(Help.overview(commands: Commands.all.map { $0.spec }))
        return ExitCode.success
    }
    if let status = HiddenCommands.run(arguments, commands: Commands.all.map { $0.spec }) {
        return status
    }
    switch first {
    case "--help", "-h", "help":
        Console.out(Help.overview(commands: Commands.all.map { $0.spec }))
        return ExitCode.success
    case "--version", "-V":
        Console.out("voz \(VozVersion.current)")
        return ExitCode.success
    default:
        break
    }
    guard let command = Commands.all.first(where: { $0.spec.name == first }) else {
        Console.usage(.unknownCommand(first))
        return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    // After `--` the words are the recorded program's (`voz record -- ls --help`), not a request for voz's help.
    let own = rest.prefix { $0 != "--" }
    if own.contains("--help") || own.contains("-h") {
        Console.out(Help.command(command.spec))
        return ExitCode.success
    }
    do {
        let parsed = try ArgumentParser.parse(rest, spec: command.spec)
        return await command.run(parsed)
    } catch {
        Console.error(error)
        return ExitCode.usage
    }
}

// A closed pipe or terminal is an error on the write, not a signal that kills voz mid-cleanup.
signal(SIGPIPE, SIG_IGN)
// A parent may start voz with signals blocked (Swift's own Process does); Ctrl-C must still reach it, so they are
// unblocked here, before any other thread exists to inherit the mask.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, number) }
pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
let status = await main(Array(CommandLine.arguments.dropFirst()))
ProcessEnd.leave(status)
