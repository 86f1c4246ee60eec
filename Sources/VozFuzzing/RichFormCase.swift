import Foundation
import VozTestSupport

/// One rich form run against a local server: a form file with lists, groups, branches, secrets,
/// path parameters and headers, the lines typed into it, and what must never come back out — every value typed
/// into a secret field and the API key the environment holds.
public struct RichFormCase: Sendable, Equatable {
    /// The form file's bytes.
    public var form: Data
    public var answers: [String]
    /// Distinctive tokens, each inside a value typed into a secret field.
    public var secrets: [String]
    /// The value of `apiKeyVariable` in the environment `voz` runs in; a header of the form reads it.
    public var apiKey: String
    /// The path the submit address has before its first parameter: a request must stay below it.
    public var pathPrefix: String

    public static let apiKeyVariable = "VOZ_FUZZ_API_KEY"
    /// What a header injection adds, on a line of its own, when a line break reaches a header.
    public static let injectedHeader = "X-Fuzz-Injected"

    // MARK: - Reading

    /// The case in `data`, or nil when mutation left it unreadable.
    public init?(_ data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let form = object["form"].flatMap({ try? JSONSerialization.data(withJSONObject: $0) }),
            let answers = object["answers"] as? [String], let secrets = object["secrets"] as? [String],
            let apiKey = object["apiKey"] as? String, let prefix = object["pathPrefix"] as? String
        else { return nil }
        self.form = form
        self.answers = answers
        self.secrets = secrets.filter { $0.count >= 8 }
        self.apiKey = apiKey
        pathPrefix = prefix
    }

    // MARK: - Making

    /// A new case from `random`, as the bytes a saved input holds.
    static func make(_ random: inout SeededGenerator) -> [UInt8] {
        var secrets: [String] = []
        var answers: [String] = []
        var fields: [[String: Any]] = []
        /// Secret fields asked on every path, by label: a new value after the server's refusal goes to one of them
        /// with `:ir`, since which field the refusal focuses is the session's to decide.
        var secretLabels: [String] = []
        let withPath = random.chance(2, in: 3)
        if withPath {
            fields.append(["id": "slug", "label": "Artículo", "kind": "text", "required": true, "in": "path"])
            answers.append(random.pick(pathAnswers))
        }
        let count = Int.random(in: 1...6, using: &random)
        for index in 0..<count {
            let id = "f\(index)"
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                fields.append(["id": id, "label": "Clave \(index)", "kind": "secret", "required": true])
                answers.append(secret(&random, into: &secrets))
                secretLabels.append("Clave \(index)")
            case 2:
                fields.append(["id": id, "label": "Etiquetas \(index)", "kind": "list", "required": false])
                answers += [hostile(&random), hostile(&random), ""]
            case 3:
                fields.append([
                    "id": id, "label": "Pago \(index)", "kind": "choice", "required": true,
                    "options": [["value": "card", "label": "Tarjeta"], ["value": "none", "label": "Nada"]],
                ])
                fields.append([
                    "id": id + "pin", "label": "PIN \(index)", "kind": "secret", "required": true,
                    "when": ["field": id, "equals": "card"],
                ])
                let card = random.chance(1, in: 2)
                answers.append(card ? "1" : "2")
                if card { answers.append(secret(&random, into: &secrets)) }
            case 4:
                fields.append([
                    "id": id, "label": "Invitados \(index)", "kind": "group", "required": false,
                    "fields": [["id": "name", "label": "Nombre", "kind": "text", "required": true]],
                ])
                answers += ["sí", hostile(&random), "no"]
            default:
                fields.append(["id": id, "label": "Texto \(index)", "kind": "text", "required": false])
                answers.append(hostile(&random))
            }
        }
        // The server answers 422 echoing what it got: the new values typed into each failing field, then again.
        answers += [":enviar", "sí"]
        for _ in 0..<Int.random(in: 0...2, using: &random) where !secretLabels.isEmpty {
            answers += [":ir " + random.pick(secretLabels), secret(&random, into: &secrets), ":enviar", "sí"]
        }
        answers.append(":salir")
        let prefix = "/api/v1/"
        var headers: [String: Any] = ["X-Api-Key": "$" + apiKeyVariable]
        if random.chance(1, in: 3) { headers["X-Note"] = hostile(&random) + random.pick(injections) }
        let form: [String: Any] = [
            "id": "fuzz-rich", "title": "Rich", "locale": random.pick(["es", "en"]), "fields": fields,
            "submit": [
                "label": "Enviar", "review": random.chance(1, in: 2), "timeoutSeconds": 2, "headers": headers,
                "url": "http://127.0.0.1:9" + prefix + (withPath ? "{slug}/items" : "items"),
            ],
        ]
        let apiKey = "AK" + token(&random) + (random.chance(1, in: 4) ? random.pick(injections) : "")
        let object: [String: Any] = [
            "form": form, "answers": answers, "secrets": secrets, "apiKey": apiKey, "pathPrefix": prefix,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return [UInt8](data)
    }

    private static func secret(_ random: inout SeededGenerator, into secrets: inout [String]) -> String {
        let core = "Sk" + token(&random)
        secrets.append(core)
        return random.chance(1, in: 3) ? core + random.pick(hostileTexts) : core
    }

    /// A hostile answer: one line, since the answers file is read a line an answer and a line break would make the
    /// next answer go to the wrong field (and a secret to a field that shows it).
    private static func hostile(_ random: inout SeededGenerator) -> String {
        random.pick(hostileTexts) + (random.chance(1, in: 3) ? "X-Fuzz-Injected: 1" : "")
    }

    private static func token(_ random: inout SeededGenerator) -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        return String((0..<14).map { _ in random.pick(alphabet) })
    }

    static let pathAnswers = [
        ".", "..", "../..", "%2e%2e", "%2E", "a/../..", "..;", "./.", "ok-slug", "año 2", "a?b#c", "a\\..\\b",
        "\u{1B}[2J", "x%0D%0AX-Fuzz-Injected: 1", ":enviar", "..%2f", "\u{2024}\u{2024}",
    ]
    static let injections = ["\r\nX-Fuzz-Injected: 1", "\nX-Fuzz-Injected: 1", "\rX-Fuzz-Injected: 1"]
    static let hostileTexts = [
        "Ana", "", " ", "\u{1B}[2J", "\u{1B}]52;c;cHduZWQ=\u{07}", "\u{9B}31m", "\u{85}", "\u{0}", "\u{7}",
        "\u{202E}abc", "<speak>x</speak>", "\"}", "%0d%0a", "\u{FEFF}", ":ir 1", "::texto", "9223372036854775808",
    ]
}
