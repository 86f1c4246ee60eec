import Foundation
import Synchronization
import VozDemoService
import VozKit

/// `voz serve-demo`: the demo account service alone, on loopback.
enum ServeDemoCommand: VozCommand {
    static let spec = CommandSpec(
        name: "serve-demo",
        summary: "Run the demo account service on loopback until interrupted.",
        usage: "serve-demo [--port N] [--db FILE] [fault options]",
        options: [
            OptionSpec(name: "port", valueName: "N", help: "The port to listen on; 0 picks a free one."),
            OptionSpec(name: "host", valueName: "ADDRESS", help: "127.0.0.1 or ::1; nothing else is allowed."),
            OptionSpec(
                name: "db", valueName: "FILE",
                help: "The SQLite file to keep accounts in; by default a temporary one, removed at exit."),
            OptionSpec(name: "latency", valueName: "MS", help: "Delay every reply by this many milliseconds."),
            OptionSpec(
                name: "unavailable", valueName: "N", help: "Answer the first N submissions with 503 and Retry-After."),
            OptionSpec(
                name: "drop-after-commit", valueName: "N",
                help: "Create the first N accounts, then close the connection without replying."),
            OptionSpec(
                name: "timeout-first", valueName: "N",
                help: "Process the first N submissions but hold the reply past any client timeout."),
            OptionSpec(
                name: "hostile", valueName: "MODE",
                help: "Answer every submission with a hostile reply of this kind: \(HostileMode.names)."),
        ],
        positionals: [],
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        let configuration: DemoConfiguration
        do {
            configuration = try parseConfiguration(arguments)
        } catch {
            Console.error(error)
            return ExitCode.usage
        }
        let service = DemoService(configuration: configuration)
        // Signals become an event instead of killing the process, so the temporary database is removed. Watched
        // from before the address is printed: a dispatch source made after it lost a SIGTERM sent as soon as the
        // address was read (3 runs in 40), and the service stayed up.
        let termination = Termination()
        let watcher = SignalWatcher { termination.arrive() }
        let port: Int
        do {
            port = try service.start()
        } catch {
            Console.error(error.description)
            return ExitCode.usage
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        Console.out("Demo service listening on http://\(host):\(port)")
        await termination.wait()
        watcher.cancel(ignoringLater: true)
        service.stop()
        return ExitCode.success
    }

    // MARK: - Options

    static func parseConfiguration(_ arguments: ParsedArguments) throws(UsageError) -> DemoConfiguration {
        var faults = DemoFaults()
        faults.latencyMilliseconds = try count(arguments, "latency", upTo: 600_000)
        faults.unavailableFirst = try count(arguments, "unavailable", upTo: 1_000_000)
        faults.dropAfterCommit = try count(arguments, "drop-after-commit", upTo: 1_000_000)
        faults.timeoutFirst = try count(arguments, "timeout-first", upTo: 1_000_000)
        if let mode = arguments.value("hostile") {
            guard let hostile = HostileMode(rawValue: mode) else {
                throw .invalidValue(
                    option: "hostile", value: mode, expected: .oneOf(HostileMode.allCases.map(\.rawValue)))
            }
            faults.hostile = hostile
        }
        let host = arguments.value("host") ?? "127.0.0.1"
        guard ["127.0.0.1", "::1"].contains(host) else {
            throw .invalidValue(
                option: "host", value: host,
                expected: .loopback)
        }
        if let db = arguments.value("db"), db.isEmpty {
            throw .invalidValue(option: "db", value: "\"\"", expected: .fileName)
        }
        return DemoConfiguration(
            host: host, port: try count(arguments, "port", upTo: 65_535), databasePath: arguments.value("db"),
            faults: faults)
    }

    private static func count(_ arguments: ParsedArguments, _ name: String, upTo limit: Int) throws(UsageError) -> Int {
        guard let text = arguments.value(name) else { return 0 }
        guard let value = Int(text), (0...limit).contains(value) else {
            throw .invalidValue(option: name, value: text, expected: .wholeNumberUpTo(limit))
        }
        return value
    }
}

/// SIGINT, SIGTERM or SIGHUP, arrived or awaited: one that comes before the wait begins is kept, not lost.
private final class Termination: Sendable {
    private struct State {
        var arrived = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    func arrive() {
        let waiter = state.withLock { state in
            state.arrived = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let arrived = state.withLock { state in
                if !state.arrived { state.waiter = continuation }
                return state.arrived
            }
            if arrived { continuation.resume() }
        }
    }
}
