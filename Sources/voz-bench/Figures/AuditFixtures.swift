import Foundation
import VozKit
import VozTranscript

/// The audit's inputs at scale: a form of 1,000 fields and a transcript of 100,000 events, both shaped exactly
/// as Voz reads and writes them.
enum AuditFixtures {
    static let kinds = ["text", "email", "number", "choice", "confirm", "multiline", "secret", "multichoice"]

    /// Writes a form of `count` fields of every kind, with hints, rules, options and server names.
    static func writeForm(fields count: Int, to path: String) throws {
        var fields: [[String: Any]] = []
        for number in 1...count {
            let kind = kinds[(number - 1) % kinds.count]
            var field: [String: Any] = [
                "id": "campo_\(number)", "label": "Dato número \(number)", "kind": kind, "required": number % 3 != 0,
                "hint": "Escribe el dato \(number) tal como aparece en tu documento.",
                "serverNames": ["campo_\(number)", "data.campo_\(number)"],
            ]
            switch kind {
            case "text":
                field["rules"] = ["maxLength": 100, "pattern": "[A-Za-z ]{1,100}", "patternMessage": "solo letras."]
            case "email": field["purpose"] = "email"
            case "number": field["rules"] = ["min": 0, "max": 1000]
            case "secret": field["rules"] = ["minLength": 8]
            case "choice", "multichoice":
                field["options"] = (1...4).map { ["value": "o\($0)", "label": "Opción \($0) del dato \(number)"] }
            default: break
            }
            fields.append(field)
        }
        let form: [String: Any] = [
            "id": "grande", "title": "Formulario grande", "locale": "es", "fields": fields,
            "submit": [
                "label": "Enviar solicitud", "busyLabel": "Enviando", "url": "https://ejemplo.com/solicitudes",
                "method": "POST", "timeoutSeconds": 10, "body": "json", "review": true,
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: form, options: [.prettyPrinted])
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Writes `count` events by repeating a real session's transcript, its times carried on so they keep rising.
    static func writeTranscript(events count: Int, from session: [TranscriptEvent], to path: String) throws {
        guard let last = session.last, !session.isEmpty else { throw BenchError.failed("the session said nothing") }
        let span = last.time + 1_000
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = ""
        text.reserveCapacity(count * 160)
        for index in 0..<count {
            var event = session[index % session.count]
            event.time += (index / session.count) * span
            text += String(decoding: try encoder.encode(event), as: UTF8.self)
            text += "\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
