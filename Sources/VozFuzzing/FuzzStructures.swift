import Foundation
import VozTestSupport

/// Inputs built from each target's own vocabulary, so generated structures reach past the first syntax check.
enum FuzzStructures {
    static func make(_ target: FuzzTarget, _ random: inout SeededGenerator) -> [UInt8] {
        switch target {
        case .form:
            return Array(json(keys: formKeys, &random).utf8)
        case .reply:
            return Array((replyHead(&random) + "\r\n\r\n" + json(keys: replyKeys, &random)).utf8)
        case .transcript:
            let count = Int.random(in: 1...40, using: &random)
            let lines = (0..<count).map { _ in transcriptLine(&random) }
            return Array(lines.joined(separator: "\n").utf8)
        case .answers:
            let count = Int.random(in: 1...30, using: &random)
            let lines = (0..<count).map { _ in scalar(&random, inJSON: false) }
            return Array(lines.joined(separator: "\n").utf8)
        case .openAPIYAML, .openAPIJSON, .jsonSchema:
            return spec(target, &random)
        case .richForm:
            return RichFormCase.make(&random)
        case .specialReferences:
            return specialReferences(&random)
        case .recording:
            return recording(&random)
        case .echoes:
            return Array(EchoCase.make(&random).data)
        case .hops:
            return Array(HopCase.make(&random).data)
        case .stateFiles:
            return Array(StateFileCase.make(&random).data)
        }
    }

    // MARK: - Vocabularies

    static let formKeys = [
        "id", "title", "locale", "fields", "label", "kind", "required", "min", "max", "minLength", "maxLength",
        "pattern", "options", "value", "default", "help", "purpose", "autocomplete", "serverNames", "submit", "url",
        "method", "headers", "timeoutSeconds", "maxRetryWaitSeconds", "idempotencyHeader", "body", "messages", "step",
    ]
    static let replyKeys = [
        "errors", "error", "detail", "message", "title", "type", "status", "code", "param", "field", "fieldErrors",
        "formErrors", "loc", "msg", "path", "pointer", "source", "details", "@type", "fieldViolations", "retryDelay",
        "seconds", "nanos", "invalid-params", "name", "reason", "data", "id", "items", "properties", "issue",
        "non_field_errors", "email", "fullName", "body", "extensions", "userErrors", "decline_code",
    ]
    static let transcriptKeys = ["time", "kind", "priority", "text", "focus", "state", "wav", "detail"]
    static let words = [
        "announcement", "prompt", "input", "focus", "state", "idle", "sending", "failed", "completed", "polite",
        "assertive", "email", "nombre", "texto", "number", "choice", "boolean", "secret", "es", "en", "POST",
        "http://127.0.0.1:9/x", "Ana Pérez", "no válido", "cc-number", ":enviar",
    ]

    // MARK: - Pieces

    static func replyHead(_ random: inout SeededGenerator) -> String {
        let status = random.pick([
            "200", "201", "400", "409", "422", "429", "500", "503", "99999999999999999999", "-1", "0",
        ])
        var lines = ["HTTP/1.1 \(status) X"]
        let headers = [
            "Content-Type: application/json", "Content-Type: text/plain", "Content-Type: application/problem+json",
            "Retry-After: \(random.pick(["0", "7", "-5", "1.5", "99999999999999999999999", String(repeating: "9", count: 330)]))",
            "Retry-After: \(random.pick(["Wed, 21 Oct 2015 07:28:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "soon"]))",
            "Date: Wed, 21 Oct 2015 07:28:00 GMT", "Link: <https://x/idempotency>; rel=\"describedby\"",
        ]
        for _ in 0..<Int.random(in: 0...4, using: &random) { lines.append(random.pick(headers)) }
        return lines.joined(separator: "\r\n")
    }

    static func transcriptLine(_ random: inout SeededGenerator) -> String {
        var members: [String] = []
        for key in transcriptKeys where random.chance(3, in: 4) {
            let value = key == "time" ? number(&random) : random.chance(1, in: 6) ? "null" : quoted(random.pick(words))
            members.append("\(quoted(key)):\(value)")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A JSON text of at most a few thousand values: one deep spine now and then, never an exponential tree.
    static func json(keys: [String], _ random: inout SeededGenerator) -> String {
        var budget = Int.random(in: 1...1500, using: &random)
        return json(keys: keys, depth: 0, budget: &budget, &random)
    }

    private static func json(keys: [String], depth: Int, budget: inout Int, _ random: inout SeededGenerator) -> String {
        budget -= 1
        let roll = Int.random(in: 0..<10, using: &random)
        if budget <= 0 || depth > 90 || (depth > 3 && roll < 4) { return scalar(&random, inJSON: true) }
        if roll < 6 {
            let count = Int.random(in: 0...6, using: &random)
            let members = (0..<count).map { _ in
                "\(quoted(random.pick(keys))):\(json(keys: keys, depth: depth + 1, budget: &budget, &random))"
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        let count = Int.random(in: 0...5, using: &random)
        return "["
            + (0..<count).map { _ in json(keys: keys, depth: depth + 1, budget: &budget, &random) }.joined(
                separator: ",") + "]"
    }

    static func scalar(_ random: inout SeededGenerator, inJSON: Bool) -> String {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return number(&random)
        case 1: return inJSON ? random.pick(["true", "false", "null"]) : random.pick(["sí", "no", ":salir"])
        case 2:
            let text = random.pick(FuzzInputs.tokens) + random.pick(words)
            return inJSON ? quoted(text) : text
        case 3:
            let text = String(repeating: random.pick(words), count: Int.random(in: 1...300, using: &random))
            return inJSON ? quoted(text) : text
        default:
            return inJSON ? quoted(random.pick(words)) : random.pick(words)
        }
    }

    static func number(_ random: inout SeededGenerator) -> String {
        random.chance(1, in: 2)
            ? String(Int.random(in: Int.min...Int.max, using: &random))
            : random.pick(["0", "-0", "1.5", "1e400", "9223372036854775808", "-9223372036854775809", "1e-7", "12"])
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
