import Foundation
import VozLocalization

/// Guesses whether a server's message is in the language the form speaks, by the short words every sentence of a
/// language is made of. A message in another language ("This field must be unique." on a Spanish form) is said
/// after Voz's own sentence, which says in the form's language what is wrong and what to do.
enum ServerLanguage {
    /// Words common in validation messages, each in one language only as far as possible.
    private static let words: [Language: Set<String>] = [
        .en: [
            "the", "is", "are", "be", "been", "must", "this", "that", "field", "required", "invalid", "valid", "not",
            "already", "has", "have", "taken", "may", "than", "greater", "less", "enter", "please", "with", "of",
            "and", "for", "declined", "bad", "incomplete", "exists", "too", "long", "short", "should", "missing",
            "failed", "unique", "another", "use", "only", "characters", "value", "address", "number", "bounced",
            "choose", "select", "provide", "your", "cannot", "allowed",
        ],
        .es: [
            "el", "los", "las", "del", "es", "ya", "una", "un", "con", "para", "por", "debe", "ser", "campo",
            "obligatorio", "válido", "válida", "inválido", "inválida", "existe", "otro", "otra", "este", "esta",
            "correo", "valor", "escribe", "demasiado", "caracteres", "no",
        ],
        .ptBR: [
            "o", "os", "um", "uma", "com", "para", "é", "não", "já", "deve", "campo", "obrigatório", "inválido",
            "este", "esta", "valor", "outro", "muito", "caracteres",
        ],
        .fr: [
            "le", "les", "des", "du", "est", "une", "avec", "pour", "pas", "ne", "doit", "être", "champ",
            "obligatoire", "invalide", "déjà", "ce", "cette", "valeur", "trop", "caractères",
        ],
        .de: [
            "der", "die", "das", "und", "ist", "nicht", "mit", "für", "ein", "eine", "muss", "sein", "bereits",
            "feld", "ungültig", "erforderlich", "wert", "zu", "zeichen",
        ],
        .it: [
            "il", "gli", "è", "di", "che", "con", "per", "non", "questo", "questa", "deve", "essere", "già",
            "campo", "obbligatorio", "valore", "troppo", "caratteri",
        ],
    ]

    /// Whether `text` reads as another language than `language`: some other language's words outnumber its own.
    /// A text with no word of any list is taken as the form's: nothing shows it is not.
    static func isForeign(_ text: String, to language: Language) -> Bool {
        let tokens = text.lowercased().split { !($0.isLetter) }.map(String.init)
        guard !tokens.isEmpty else { return false }
        var scores: [Language: Int] = [:]
        for token in tokens {
            for (candidate, list) in words where list.contains(token) { scores[candidate, default: 0] += 1 }
        }
        let own = scores[language] ?? 0
        let best = scores.filter { $0.key != language }.values.max() ?? 0
        return best > own
    }
}
