import Foundation
import VozDemoService
import VozKit

/// `voz demo`: the bundled form against the embedded demo service.
enum DemoCommand: VozCommand {
    static let spec = CommandSpec(
        name: "demo",
        summary: "Run the bundled Crear cuenta form against the built-in demo service.",
        usage: "demo [options]",
        options: CommonOptions.session + [
            OptionSpec(name: "latency", valueName: "MS", help: "Make the demo service answer this many ms late."),
            OptionSpec(name: "unavailable", valueName: "N", help: "Make the demo service answer the first N with 503."),
        ],
        positionals: [],
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        // The English form only for a user whose locale is English; otherwise the product's own Spanish demo.
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment[$0] }.first { !$0.isEmpty }
        let english = locale.flatMap(Language.init(localeTag:)) == .en
        let name = english ? "examples/create-account.json" : "examples/crear-cuenta.json"
        guard let path = ResourceLocator.forCurrentProcess(environment: environment).find(name) else {
            Console.error("The bundled form \(name) was not found beside voz. Reinstall voz, or set VOZ_DATA_DIR.")
            return ExitCode.usage
        }
        var form: Form
        do throws(FormFileError) {
            form = try FormFile.load(path: path).form
        } catch {
            Console.error(error.description)
            return ExitCode.usage
        }
        var faults = DemoFaults.none
        for (option, apply) in [
            ("latency", { (value: Int) in faults.latencyMilliseconds = value }),
            ("unavailable", { (value: Int) in faults.unavailableFirst = value }),
        ] {
            guard let text = arguments.value(option) else { continue }
            guard let value = Int(text), value >= 0 else {
                Console.error(
                    UsageError.invalidValue(option: option, value: text, expected: "a whole number").description)
                return ExitCode.usage
            }
            apply(value)
        }
        let service = DemoService(configuration: DemoConfiguration(faults: faults))
        defer { service.stop() }
        do {
            try service.start()
        } catch {
            Console.error(error.description)
            return ExitCode.failure
        }
        guard let base = service.baseURL else { return ExitCode.failure }
        form.submit.url = base.appendingPathComponent("accounts")
        // The service is in this process on 127.0.0.1: no need for URLSession's libcurl and OpenSSL.
        return await SessionRunner(arguments: arguments, transport: LoopbackTransport()).run(form)
    }
}
