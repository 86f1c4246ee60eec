import Foundation
import VozLocalization

/// The language the demo service answers in, chosen from `Accept-Language` among the languages Voz speaks.
enum DemoLanguage {
    /// The most preferred language Voz speaks in an `Accept-Language` value, read as VozKit reads every language
    /// tag (`LanguageTag`); English when none is acceptable or the header is missing.
    static func preferred(by acceptLanguage: String?) -> Language {
        acceptLanguage.flatMap(LanguageTag.preferred(acceptLanguage:)) ?? .en
    }
}
