/// `voz demo`: the bundled form against the embedded demo service.
enum DemoCommand: VozCommand {
    static let spec = CommandSpec(
        name: "demo",
        summary: "Run the bundled Crear cuenta form against the built-in demo service.",
        usage: "demo [options]",
        options: CommonOptions.session,
        positionals: [],
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        notBuiltYet(spec.name)
    }
}
