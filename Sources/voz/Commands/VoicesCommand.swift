/// `voz voices`: Voz's voice profiles, then eSpeak NG's languages.
enum VoicesCommand: VozCommand {
    static let spec = CommandSpec(
        name: "voices",
        summary: "List Voz's voice profiles and eSpeak NG's voices.",
        usage: "voices",
        options: [],
        positionals: [],
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        notBuiltYet(spec.name)
    }
}
