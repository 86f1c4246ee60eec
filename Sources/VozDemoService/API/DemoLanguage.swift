import Foundation
import VozKit

/// The language the demo service answers in, chosen from `Accept-Language` among the languages Voz speaks.
enum DemoLanguage {
    /// The most preferred language Voz speaks in an `Accept-Language` value (RFC 9110 §12.5.4): an exact tag
    /// (`pt-BR`) or its primary language (`fr-CA` for French); English when none is acceptable or the header is
    /// missing.
    static func preferred(by acceptLanguage: String?) -> Language {
        guard let acceptLanguage else { return .en }
        var best: (language: Language, quality: Double)?
        for item in acceptLanguage.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, tag != "*", let language = Language(localeTag: tag) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0, quality > (best?.quality ?? 0) {
                best = (language, quality)
            }
        }
        return best?.language ?? .en
    }
}
