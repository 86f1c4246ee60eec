import VozKit
import VozTestSupport

// What the person types into a field of any form: the account form's own pools by field id, else a value its
// kind and rules accept, or one they refuse.
extension ExplorerPerson {
    /// Card numbers (Luhn-valid) and IBANs (valid checksum) typed at the fields that ask for them: never in any
    /// output line, transcript or draft, by their shape (I4). Not the forms' own examples, which are read out.
    static let shapedSecrets = ["4000 0566 5566 5556", "DE89 3704 0044 0532 0130 00"]

    /// Every value the person may type that must never come back out: passwords, a card number, an IBAN, as typed
    /// and with its spaces taken out.
    static let neverShown: [String] =
        secrets + shapedSecrets + shapedSecrets.map { $0.replacingOccurrences(of: " ", with: "") }

    /// A value `field` accepts.
    static func validValue(_ field: Field, _ random: inout SeededGenerator) -> String {
        if let pool = valid[field.id] { return random.pick(pool) }
        if field.isCardNumber || field.purpose == "cc-number" { return shapedSecrets[0] }
        if field.purpose == "iban" || field.id.lowercased().contains("iban") { return shapedSecrets[1] }
        switch field.kind {
        case .secret: return random.pick(secrets)
        case .email: return random.pick(["ana@example.com", "eva@example.com"])
        case .choice, .multichoice:
            return String(Int.random(in: 1...max(1, field.options.count), using: &random))
        case .confirm: return "sí"
        case .number, .integer: return number(for: field.rules, &random)
        case .list: return random.pick(["uno", "dos", "tres"])
        case .multiline: return random.pick(["Primera línea", "Otra línea"])
        case .group: return random.pick(["sí", ""])
        case .text:
            if let example = field.placeholder, field.rules.pattern == nil || random.chance(1, in: 2) {
                return example
            }
            return field.rules.pattern == nil ? random.pick(["Texto uno", "Texto dos"]) : "ABCD1234"
        }
    }

    /// A value `field` refuses, or nil when its kind refuses nothing the person would type.
    static func invalidValue(_ field: Field) -> String? {
        if let pool = invalid[field.id] { return pool.first }
        switch field.kind {
        case .email: return "no-es-correo"
        case .choice: return "99"
        case .confirm: return "quizá"
        case .number, .integer: return "mucho"
        case .text where field.rules.pattern != nil: return "con espacios !"
        default: return nil
        }
    }

    /// A number within `rules`: the smallest allowed whole one, or the next when there is room.
    private static func number(for rules: FieldRules, _ random: inout SeededGenerator) -> String {
        var low = rules.min ?? rules.exclusiveMin.map { $0.rounded(.down) + 1 } ?? 1
        if let step = rules.multipleOf, step > 0 { low = (low / step).rounded(.up) * step }
        let high = rules.max ?? rules.exclusiveMax.map { $0.rounded(.up) - 1 } ?? low + 10
        var value = low
        if random.chance(1, in: 2), low + 1 <= high, rules.multipleOf.map({ (1 / $0).rounded() == 1 / $0 }) ?? true {
            value = low + 1
        }
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
