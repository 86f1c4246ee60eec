import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// Every cell of `docs/session-commands.md` run against a real session (issue 25, section 1): each prompt kind is
/// reached, the input is typed, and the promises are checked — nothing typed is lost, an interrupted question is
/// asked again as the last thing said, the next line goes where the session said focus is, and what the table
/// says happens is what happens.
@Suite struct SessionCommandTableTests {
    static let form: Form = {
        let text = #"""
            {"id": "mesa", "title": "Mesa", "locale": "es",
             "fields": [
              {"id": "nombre", "label": "Nombre", "kind": "text"},
              {"id": "clave", "label": "Clave", "kind": "secret"},
              {"id": "plazas", "label": "Plazas", "kind": "number"},
              {"id": "menu", "label": "Menú", "kind": "choice",
               "options": [{"value": "carne", "label": "Carne"}, {"value": "pescado", "label": "Pescado"}]},
              {"id": "extras", "label": "Extras", "kind": "multichoice",
               "options": [{"value": "vino", "label": "Vino"}, {"value": "postre", "label": "Postre"}]},
              {"id": "acepto", "label": "Acepto", "kind": "confirm"},
              {"id": "temas", "label": "Temas", "kind": "list", "rules": {"maxItems": 3}},
              {"id": "invitados", "label": "Invitados", "kind": "group", "itemLabel": "Invitado",
               "rules": {"maxItems": 2},
               "fields": [{"id": "nombre", "label": "nombre", "required": true},
                          {"id": "edad", "label": "edad", "kind": "number"}]},
              {"id": "pago", "label": "Pago", "kind": "choice",
               "options": [{"value": "card", "label": "Tarjeta"}, {"value": "cash", "label": "Efectivo"}]},
              {"id": "tarjeta", "label": "Número de tarjeta", "required": true,
               "when": {"field": "pago", "equals": "card"}}
             ],
             "submit": {"label": "Enviar", "url": "http://127.0.0.1:9/mesa", "review": true}}
            """#
        return (try? FormFile.decode(data: Data(text.utf8), path: "mesa.json").form)
            ?? Form(
                id: "broken", title: "broken", fields: [], submit: SubmitSpec(label: "x", url: literalURL("http://x")))
    }()

    static let table = CommandTable(text: (try? String(contentsOf: CommandTable.file, encoding: .utf8)) ?? "")

    /// Every answer of the form, in order, and what each puts in the request body.
    static let answers = [
        ("nombre", ["Ana"], #""nombre":"Ana""#), ("clave", ["secreto1"], #""clave":"secreto1""#),
        ("plazas", ["3"], #""plazas":3"#), ("menu", ["2"], #""menu":"pescado""#),
        ("extras", ["1, 2"], #""extras":["vino","postre"]"#), ("acepto", ["sí"], #""acepto":true"#),
        ("temas", ["uno", "dos", ""], #""temas":["uno","dos"]"#),
        ("invitados", ["sí", "Luis", "40", "no"], #""invitados":[{"nombre":"Luis","edad":40}]"#),
        ("pago", ["2"], #""pago":"cash""#),
    ]

    /// How a row's prompt is reached and answered.
    struct Scenario: Sendable {
        /// Lines that bring the session to the prompt.
        var setup: [String?]
        /// The field the prompt belongs to (nil: the submit button or a question about the whole form).
        var field: String?
        /// What the body holds for that field when the command changes nothing.
        var current: String?
        /// What a re-asked question must contain.
        var question: String
        /// An answer to the prompt after a command that asked it again, and what it puts in the body.
        var probe: [String]
        var probed: String?
        /// `:quitar N` here: its number, the lines that answer what is asked then, and what the body holds for
        /// the field afterwards.
        var removal: (number: String, then: [String], left: String)?
        /// What sends the form once the cell is done.
        var finish: [String?] = [":enviar", "sí"]
        var drafts = false
        var replies: [ScriptedTransport.Step] = [.reply(status: 201, body: #"{"id":"1"}"#)]
    }

    static func lines(upTo id: String) -> [String?] {
        answers.prefix { $0.0 != id }.flatMap(\.1)
    }

    static func fragment(_ id: String) -> String? { answers.first { $0.0 == id }?.2 }

    /// A field row: every field before it answered, the field answered, then back to it with `:anterior`, so its
    /// prompt holds a value that the command must not lose.
    static func field(_ id: String, label: String, probe: String, probed: String) -> Scenario {
        let own = answers.first { $0.0 == id }?.1 ?? []
        return Scenario(
            setup: lines(upTo: id) + own + [":anterior"], field: id, current: fragment(id),
            question: ". \(label)", probe: [probe], probed: probed)
    }

    static let sendAll = answers.flatMap(\.1)

    static let scenarios: [String: Scenario] = [
        "text": field("nombre", label: "Nombre", probe: "Eva", probed: #""nombre":"Eva""#),
        "secret": field("clave", label: "Clave", probe: "secreto2", probed: #""clave":"secreto2""#),
        "number": field("plazas", label: "Plazas", probe: "4", probed: #""plazas":4"#),
        "choice": field("menu", label: "Menú", probe: "1", probed: #""menu":"carne""#),
        "multichoice": field("extras", label: "Extras", probe: "2", probed: #""extras":["postre"]"#),
        "confirm": field("acepto", label: "Acepto", probe: "no", probed: #""acepto":false"#),
        "list, empty": Scenario(
            setup: lines(upTo: "temas"), field: "temas", current: nil, question: "Temas.", probe: ["cinco", ""],
            probed: #""temas":["cinco"]"#),
        "list, mid-list": Scenario(
            setup: lines(upTo: "temas") + ["uno", "dos"], field: "temas", current: #""temas":["uno","dos"]"#,
            question: "Temas", probe: ["tres"], probed: #""temas":["uno","dos","tres"]"#,
            removal: ("1", [], #""temas":["dos"]"#)),
        // A value typed where values are held is added to them: it used to replace the whole list.
        "list, holding values": Scenario(
            setup: lines(upTo: "temas") + ["uno", "dos", "", ":anterior"], field: "temas",
            current: #""temas":["uno","dos"]"#, question: "Temas.", probe: ["tres", ""],
            probed: #""temas":["uno","dos","tres"]"#, removal: ("1", [], #""temas":["dos"]"#)),
        // Full, a value typed is refused and nothing held is lost.
        "list, full": Scenario(
            setup: lines(upTo: "temas") + ["uno", "dos", "tres", ":anterior"], field: "temas",
            current: #""temas":["uno","dos","tres"]"#, question: "Temas.", probe: ["cinco", ""],
            probed: #""temas":["uno","dos","tres"]"#, removal: ("2", [], #""temas":["uno","tres"]"#)),
        #"group "add another?""#: Scenario(
            setup: lines(upTo: "invitados") + ["sí", "Luis", "40"], field: "invitados",
            current: #""invitados":[{"nombre":"Luis","edad":40}]"#, question: "¿Añadir invitado",
            probe: ["sí", "Eva", ""], probed: #""invitados":[{"nombre":"Luis","edad":40},{"nombre":"Eva"}]"#,
            removal: ("1", ["sí", "Eva", ""], #""invitados":[{"nombre":"Eva"}]"#)),
        "group member": Scenario(
            setup: lines(upTo: "invitados") + ["sí", "Luis", "40", "sí", "Eva"], field: "invitados",
            current: #""invitados":[{"nombre":"Luis","edad":40}"#, question: ": edad.",
            probe: ["30"], probed: #""invitados":[{"nombre":"Luis","edad":40},{"nombre":"Eva","edad":30}]"#,
            removal: ("1", ["30", "no"], #""invitados":[{"nombre":"Eva","edad":30}]"#)),
        "branch choice": Scenario(
            setup: sendAll + [":anterior"], field: "pago", current: fragment("pago"), question: "Pago.",
            probe: ["1", "4242"], probed: #""pago":"card","tarjeta":"4242""#),
        "review-before-send question": Scenario(
            setup: sendAll + [":enviar"], field: nil, current: nil, question: "¿Envío el formulario con Enviar?",
            probe: ["sí"], probed: nil),
        "restore-draft question": Scenario(
            setup: [], field: nil, current: nil, question: "¿Lo recupero?", probe: ["sí"], probed: nil, drafts: true),
        "retry question after a failure": Scenario(
            setup: sendAll + [":enviar", "sí", MarkedLines.waitFor("reintentar")], field: nil, current: nil,
            question: ":reintentar", probe: [":reintentar"], probed: nil, finish: [":reintentar"],
            replies: [.fail(.timedOut), .reply(status: 201, body: #"{"id":"1"}"#)]),
    ]

    /// The line typed for a table input at a scenario.
    static func typed(_ input: String, _ scenario: Scenario) -> String? {
        switch input {
        case ":ir N": ":ir 1"
        case ":quitar N": ":quitar " + (scenario.removal?.number ?? "1")
        case "empty line": ""
        case "end of input": nil
        case "Ctrl-C": MarkedLines.interrupt
        default: input
        }
    }

    @Test func theTableCoversEveryRowAndInputOfTheIssue() {
        let table = Self.table
        #expect(table.unreadable.isEmpty, "\(table.unreadable)")
        #expect(Set(table.rows) == Set(Self.scenarios.keys), "\(table.rows)")
        let commands = SessionCommand.keys.map { $0.command.typed(in: .es) }
        for command in commands {
            #expect(table.inputs.contains { $0 == command || $0.hasPrefix(command + " ") }, "\(command)")
        }
        #expect(table.inputs.count == commands.count + 3)
        #expect(table.cells.count == table.rows.count * table.inputs.count)
    }

    /// What `:ayuda` says names every command of the table, and nothing the table does not test.
    @Test func helpNamesEveryCommandOfTheTable() async {
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Localizer(language: .es), input: ScriptedLineSource([":ayuda"]),
            announcer: Announcer(engine: nil, lines: printed), transport: ScriptedTransport([]))
        _ = await session.run()
        let help = printed.lines.first { $0.hasPrefix("Comandos:") } ?? ""
        let named = Set(
            help.split(separator: " ").filter { $0.hasPrefix(":") }.map {
                String($0.trimmingCharacters(in: .punctuationCharacters.subtracting(CharacterSet(charactersIn: ":"))))
            })
        let columns = Set(Self.table.inputs.filter { $0.hasPrefix(":") }.map { String($0.split(separator: " ")[0]) })
        #expect(named == columns, "\(help)")
    }

    @Test(arguments: table.cells)
    func everyCellKeepsItsPromises(cell: CommandTable.Cell) async throws {
        let scenario = try #require(Self.scenarios[cell.row])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-table-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let drafts = DraftStore(folder: folder.path).scoped(to: Self.form.submit)
        if scenario.drafts {
            try drafts.save(Draft(formID: Self.form.id, answers: ["nombre": "Ana"], savedAt: 0))
        }
        let command = Self.typed(cell.input, scenario)
        let isRemoval = cell.input == ":quitar N" && scenario.removal != nil
        let clears = cell.input == ":borrar" && cell.outcome == .answers
        let finish = scenario.finish
        var after: [String?]
        switch cell.outcome {
        case .again: after = (isRemoval ? scenario.removal?.then ?? [] : scenario.probe) + finish
        case .moves: after = [":donde"] + finish
        case .answers, .sends: after = finish
        case .leaves: after = []
        }
        let script = scenario.setup + [command] + after
        let printed = LineRecorder()
        let source = MarkedLines(script, printed: printed)
        let transport = ScriptedTransport(scenario.replies)
        let session = Session(
            form: Self.form, localizer: Localizer(language: .es), input: source,
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(drafts: drafts, interactive: scenario.drafts))
        source.attach(session)
        let result = await session.run()
        let lines = printed.lines
        let marks = source.marks
        let typedCount = scenario.setup.filter { !($0?.hasPrefix("\u{1}") ?? false) }.count
        let before = marks.indices.contains(typedCount) ? marks[typedCount] : lines.count
        let afterCommand = marks.indices.contains(typedCount + 1) ? marks[typedCount + 1] : lines.count
        let asked = lines[..<before].last ?? ""
        let said = Array(lines[before..<afterCommand])
        let context = "\(cell)\nasked: \(asked)\nsaid: \(said)"

        switch cell.outcome {
        case .again:
            // Asked again, as the last thing said, so the next line answers it.
            let last = said.last ?? ""
            if cell.input == ":repetir" {
                #expect(last == asked, "\(context)")
            } else {
                #expect(last.contains(scenario.question), "\(context)")
            }
            // And it did what :ayuda says it does before asking again.
            if let promise = Self.promises[cell.input] {
                #expect(said.dropLast().contains { $0.contains(promise) }, "\(context)")
            }
        case .moves:
            // The next line goes where the session said: :donde names the place the move announced.
            let whereLine = lines.indices.contains(afterCommand) ? lines[afterCommand] : ""
            #expect(Self.place(said.last ?? "") == Self.place(whereLine), "\(context)\nwhere: \(whereLine)")
            if cell.input == ":ir N" { #expect(Self.place(whereLine).hasPrefix("Campo 1 de"), "\(context)") }
        case .leaves:
            let ended: [String: SessionResult] = ["Ctrl-C": .interrupted, "end of input": .inputEnded]
            #expect(result == ended[cell.input, default: .quit], "\(context)")
            #expect(transport.requests.count == (scenario.replies.count > 1 ? 1 : 0), "\(context)")
        case .answers, .sends:
            break
        }

        // Nothing typed is lost: what the body (or, on leaving, the draft) holds.
        if cell.outcome == .leaves {
            let kept = drafts.load(formID: Self.form.id)?.answers ?? [:]
            for id in Self.answeredBefore(scenario) {
                #expect(kept[id] != nil, "\(context)\ndraft lost \(id): \(kept)")
            }
            return
        }
        let body = transport.requests.last.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        #expect(!body.isEmpty, "\(context)\nnothing was sent: \(lines.suffix(4))")
        for id in Self.answeredBefore(scenario) where id != scenario.field {
            if let fragment = Self.fragment(id) { #expect(body.contains(fragment), "\(context)\nbody: \(body)") }
        }
        if clears, let field = scenario.field {
            #expect(!body.contains("\"\(field)\":"), "\(context)\nbody: \(body)")
        } else if isRemoval, let left = scenario.removal?.left {
            #expect(body.contains(left), "\(context)\nbody: \(body)")
        } else if cell.outcome == .again, let probed = scenario.probed {
            #expect(body.contains(probed), "\(context)\nbody: \(body)")
        } else if let current = scenario.current {
            #expect(body.contains(current), "\(context)\nbody: \(body)")
        }
    }

    /// How what a reading command promises in `:ayuda` begins: ":revisar lee todos los campos", ":donde dice
    /// dónde estás", ":ayuda lista los comandos".
    static let promises = [":revisar": "Revisión de", ":donde": "Estado:", ":ayuda": "Comandos:"]

    /// What `:ayuda` promises of each command is the kind of thing the table says happens at a field.
    @Test(arguments: [
        (":enviar", CommandTable.Outcome.sends), (":siguiente", .moves), (":anterior", .moves), (":ir N", .moves),
        (":revisar", .again), (":repetir", .again), (":donde", .again), (":ayuda", .again), (":borrar", .answers),
        (":salir", .leaves),
    ])
    func helpPromisesWhatTheTableSays(input: String, outcome: CommandTable.Outcome) {
        #expect(Self.table.cells.first { $0.row == "text" && $0.input == input }?.outcome == outcome)
        #expect(
            Self.table.cells.first { $0.row == "retry question after a failure" && $0.input == ":reintentar" }?.outcome
                == .sends)
    }

    /// The fields answered before the prompt was reached (the restored draft's for the restore question).
    static func answeredBefore(_ scenario: Scenario) -> [String] {
        if scenario.drafts { return ["nombre"] }
        let own = scenario.current != nil && scenario.field != "clave" ? [scenario.field].compactMap { $0 } : []
        var lines = scenario.setup.compactMap { $0 }
        var ids: [String] = []
        for (id, answer, _) in answers {
            guard lines.count >= answer.count, Array(lines.prefix(answer.count)) == answer else { break }
            lines.removeFirst(answer.count)
            if id != "clave", !own.contains(id) { ids.append(id) }
        }
        return ids + own
    }

    /// "Campo 3 de 10" or "Botón Enviar": the place a prompt or a :donde line names.
    static func place(_ line: String) -> String {
        if let range = line.range(of: #"Campo \d+ de \d+"#, options: .regularExpression) { return String(line[range]) }
        if let range = line.range(of: #"Botón \w+"#, options: .regularExpression) { return String(line[range]) }
        return line
    }
}
