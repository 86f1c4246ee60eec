import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// What a line says, read aloud at 400 words a minute (issue 36, wording): no phrase twice in one line, an unknown
/// command asks the question again.
@Suite struct SessionWordingTests {
    static let form = Form(
        id: "alta", title: "Alta", locale: "es",
        fields: [
            Field(id: "name", label: "Nombre", required: true),
            Field(
                id: "plan", label: "Plan", kind: .choice, required: true,
                options: [
                    FieldOption(value: "free", label: "Gratis"), FieldOption(value: "pro", label: "Pro"),
                    FieldOption(value: "team", label: "Empresa"),
                ]),
            Field(id: "seats", label: "Plazas", kind: .number, required: true),
            Field(id: "terms", label: "Acepto", kind: .confirm, required: true),
        ],
        submit: SubmitSpec(label: "Alta", busyLabel: "Enviando", url: literalURL("http://127.0.0.1:9/alta")))

    private func run(_ lines: [String], language: Language = .es) async -> [String] {
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Localizer(language: language), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: ScriptedTransport([]),
            options: SessionOptions(clock: ManualClock()))
        _ = await session.run()
        return printed.lines
    }

    /// The first run of four words that comes back later in `line`, if one does.
    static func repeatedPhrase(in line: String) -> String? {
        let words = line.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        var seen = Set<String>()
        for start in words.indices.dropLast(3) {
            let phrase = words[start..<start + 4].joined(separator: " ")
            if !seen.insert(phrase).inserted { return phrase }
        }
        return nil
    }

    @Test(arguments: [(Language.es, "obligatorio"), (.en, "required")])
    func aFailingFieldsPromptSaysNothingTwice(language: Language, required: String) async {
        let lines = await run([":enviar", ":siguiente", ":siguiente", ":siguiente"], language: language)
        let prompts = lines.filter { $0.hasPrefix(language == .es ? "Campo" : "Field") }.suffix(4)
        #expect(prompts.count == 4, "\(lines)")
        for prompt in prompts {
            #expect(Self.repeatedPhrase(in: prompt) == nil, "\(prompt)")
            let count = prompt.lowercased().components(separatedBy: required).count - 1
            #expect(count == 1, "\(prompt)")
        }
        if language == .es {
            #expect(
                prompts.contains(
                    "Campo 2 de 4. Plan, obligatorio, vacío. Elige un número del 1 al 3: 1, Gratis; 2, Pro; 3, Empresa."
                ),
                "\(prompts)")
            #expect(
                prompts.contains { $0.hasPrefix("Campo 1 de 4. Nombre, obligatorio, vacío. Escribe una respuesta.") })
        }
    }

    @Test func anUnknownCommandAsksTheQuestionAgain() async {
        let lines = await run(["Ana", ":bailar"])
        let unknown = lines.firstIndex(of: "No conozco el comando :bailar. Escribe :ayuda para ver los comandos.")
        #expect(unknown != nil, "\(lines)")
        if let unknown {
            #expect(
                lines.indices.contains(unknown + 1) && lines[unknown + 1].hasPrefix("Campo 2 de 4. Plan"), "\(lines)")
        }
    }
}
