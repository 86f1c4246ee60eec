import VozForm
import VozLocalization

// A recognised phrase said in Voz's own words: the phrases local validation says, so a server's refusal sounds like
// the form's own, with the server's bound.
extension ServerPhrase {
    /// What is wrong, in the session's language, without the field's label: the prompt, the review and the report
    /// say it before ("Nombre de contacto, no válido: tiene más de 5 caracteres."). `field` gives a bound the
    /// server left out ("too long").
    func detail(for field: Field?, _ localizer: Localizer) -> String {
        func say(_ value: Double) -> String { AnswerText.format(value, language: localizer.language) }
        switch self {
        case .taken: return localizer.text("server.phrase.taken")
        case .required: return localizer.text("server.phrase.required")
        case .tooLong(let maximum):
            guard let maximum = maximum ?? field?.rules.maxLength else {
                return localizer.text("server.phrase.tooLong")
            }
            return localizer.plural("validation.length.tooLong", count: maximum)
        case .tooShort(let minimum): return localizer.plural("validation.length.tooShort", count: minimum)
        case .lengthBetween(let minimum, let maximum):
            return localizer.text("server.phrase.lengthBetween", ["min": String(minimum), "max": String(maximum)])
        case .aboveMaximum(let maximum): return localizer.text("validation.number.max", ["max": say(maximum)])
        case .belowMinimum(let minimum): return localizer.text("validation.number.min", ["min": say(minimum)])
        case .outsideRange(let minimum, let maximum):
            return localizer.text("validation.number.range", ["min": say(minimum), "max": say(maximum)])
        case .email: return localizer.text("server.phrase.email")
        case .notANumber: return localizer.text("validation.number.invalid")
        case .invalid where field?.kind == .email: return localizer.text("server.phrase.email")
        case .invalid: return localizer.text("validation.pattern")
        case .confirmation: return localizer.text("server.phrase.confirmation")
        }
    }
}
