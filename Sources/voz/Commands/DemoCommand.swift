import Foundation
import VozDemoService
import VozKit

/// `voz demo`: the bundled form against the embedded demo service.
enum DemoCommand: VozCommand {
    static let spec = CommandSpec(
        name: "demo",
        summary: "Run the bundled account form, in your language, against the built-in demo service.",
        usage: "demo [options]",
        options: CommonOptions.session + [
            OptionSpec(
                name: "language", valueName: "LANG",
                help: "The form's and the service's language: es, en, pt-BR, fr, de or it. Default: your locale."),
            OptionSpec(name: "latency", valueName: "MS", help: "Make the demo service answer this many ms late."),
            OptionSpec(name: "unavailable", valueName: "N", help: "Make the demo service answer the first N with 503."),
        ],
        positionals: [],
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let language: Language
        if let tag = arguments.value("language") {
            guard let chosen = Language(localeTag: tag) else {
                let expected = UsageError.Expected.oneOf(Language.allCases.map(\.rawValue))
                Console.usage(.invalidValue(option: "language", value: tag, expected: expected))
                return ExitCode.usage
            }
            language = chosen
        } else {
            language = demoLanguage(environment)
        }
        let name = "examples/\(forms[language] ?? "crear-cuenta").json"
        guard let path = ResourceLocator.forCurrentProcess(environment: environment).find(name) else {
            Console.error("The bundled form \(name) was not found beside voz. Reinstall voz, or set VOZ_DATA_DIR.")
            return ExitCode.usage
        }
        var form: Form
        do throws(FormFileError) {
            form = try FormFile.load(path: path).form
        } catch {
            Console.error(error)
            return ExitCode.usage
        }
        var faults = DemoFaults.none
        for (option, apply) in [
            ("latency", { (value: Int) in faults.latencyMilliseconds = value }),
            ("unavailable", { (value: Int) in faults.unavailableFirst = value }),
        ] {
            guard let text = arguments.value(option) else { continue }
            guard let value = Int(text), value >= 0 else {
                Console.usage(.invalidValue(option: option, value: text, expected: .wholeNumber))
                return ExitCode.usage
            }
            apply(value)
        }
        let service = DemoService(configuration: DemoConfiguration(faults: faults, seedsKnownAccount: true))
        defer { service.stop() }
        do {
            try service.start()
        } catch {
            Console.error(error.description)
            return ExitCode.failure
        }
        guard let base = service.baseURL else { return ExitCode.failure }
        form.submit.url = base.appendingPathComponent("accounts")
        // The service is in this process on 127.0.0.1: no need to open libcurl and OpenSSL.
        var runner = SessionRunner(arguments: arguments, transport: LoopbackTransport())
        // A first-time user can only reach the rejections if told how: the address already registered and the
        // coupon that has run out.
        runner.preamble = { localizer in
            localizer.text(
                "demo.tryThis",
                ["email": DemoService.knownEmail, "coupon": DemoService.expiredCoupon(for: localizer.language)])
        }
        return await runner.run(form)
    }

    /// The bundled form of each language; its locale makes the session speak that language and the demo service
    /// answer in it (Voz sends it as `Accept-Language`).
    static let forms: [Language: String] = [
        .es: "crear-cuenta", .en: "create-account", .ptBR: "criar-conta", .fr: "creer-un-compte",
        .de: "konto-anlegen", .it: "crea-account",
    ]

    /// The user's language from `LC_ALL`, `LC_MESSAGES` and `LANG`; with none set, or one Voz does not speak,
    /// the product's own Spanish demo.
    static func demoLanguage(_ environment: [String: String]) -> Language {
        LanguageTag.locale(in: environment).flatMap(Language.init(localeTag:)) ?? .es
    }
}
