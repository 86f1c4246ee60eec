import Foundation
import VozJSON
import VozLocalization

/// The language a description's prose is written in, told by its little words ("the", "of", "to" in English; "el",
/// "los", "para" in Spanish) when nobody said it: a form generated from an English description with
/// `--language de` has English labels, and they must not be read with the German voice.
///
/// Only evident prose counts: a few words of one language and clearly fewer of any other. Labels made from
/// property names alone ("Name", "Nombre") say nothing, and the labels' language stays unsaid.
enum DescriptionLanguage {
    /// Words frequent in each language's prose and rare in the others'. Words two languages share ("de", "la",
    /// "a", "e", "in") are left out, so they never decide.
    static let words: [Language: Set<String>] = [
        .en: [
            "the", "of", "and", "to", "is", "for", "your", "with", "this", "that", "are", "be", "on", "by", "from",
            "it", "as", "an", "or", "which", "must", "will", "can", "when", "if", "not", "has", "have",
        ],
        .es: [
            "el", "los", "del", "y", "que", "un", "una", "es", "por", "para", "con", "su", "sus", "tu", "tus",
            "al", "se", "debe", "puede", "cuando", "si", "como", "o", "está", "son",
        ],
        .fr: [
            "le", "les", "des", "du", "et", "est", "une", "pour", "avec", "votre", "vos", "dans", "au", "aux",
            "sur", "qui", "doit", "peut", "ou", "être", "sont", "ce", "cette",
        ],
        .de: [
            "der", "die", "das", "und", "ist", "ein", "eine", "mit", "für", "von", "zu", "den", "dem", "des",
            "nicht", "ihr", "ihre", "oder", "wird", "muss", "kann", "sie", "auf", "wenn",
        ],
        .it: [
            "il", "lo", "gli", "della", "delle", "dei", "è", "per", "che", "con", "una", "un", "da", "al", "alla",
            "deve", "può", "o", "sono", "questo", "quando", "tuo", "tua", "suo", "sua",
        ],
        .ptBR: [
            "o", "os", "do", "da", "dos", "das", "é", "um", "uma", "para", "com", "que", "em", "no", "na", "seu",
            "sua", "deve", "pode", "ou", "são", "quando", "não", "você",
        ],
    ]

    /// The language `texts` are plainly written in, or nil when they do not say.
    static func guess(_ texts: [String]) -> Language? {
        var counts: [Language: Int] = [:]
        for text in texts {
            let tokens = text.lowercased().split { !$0.isLetter && $0 != "'" }
            for token in tokens {
                for (language, list) in words where list.contains(String(token)) { counts[language, default: 0] += 1 }
            }
        }
        let ranked = counts.sorted { $0.value > $1.value }
        guard let best = ranked.first, best.value >= 3 else { return nil }
        let second = ranked.dropFirst().first?.value ?? 0
        return best.value >= 2 * second ? best.key : nil
    }

    /// The words a generated form says in the description's language (its title, labels, hints, option and item
    /// labels) with the description's own prose about the operation: what the guess reads.
    static func texts(form fields: [JSONNode], title: String, prose: [String?]) -> [String] {
        var texts = [title] + prose.compactMap { $0 }
        func collect(_ node: JSONNode) {
            if let members = node.members {
                for member in members {
                    if ["label", "hint", "itemLabel"].contains(member.key), let text = member.value.string {
                        texts.append(text)
                    }
                    collect(member.value)
                }
            } else if let elements = node.array {
                elements.forEach(collect)
            }
        }
        fields.forEach(collect)
        return texts
    }
}
