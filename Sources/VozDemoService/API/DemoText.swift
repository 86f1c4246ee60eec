import VozLocalization

/// Every sentence the demo service puts in a reply, in every language Voz speaks.
///
/// The service stands for a real server, so these are the server's own words (what a client receives), not
/// Voz's phrases: Voz must cope with whatever a server says. They live in the same PO files, under `demo.`
/// keys, so one translator translates the whole demo.
enum DemoText: Sendable, CaseIterable {
    case validationTitle, validationDetail
    case nameRequired
    case emailRequired, emailInvalid, emailTaken
    case duplicateTitle, duplicateDetail
    case passwordRequired, passwordShort
    case couponExpired
    case planInvalid
    case termsRequired
    case blockedTitle, blockedDetail
    case keyReusedTitle, keyReusedDetail
    case keyInFlightTitle, keyInFlightDetail
    case keyInvalidTitle, keyInvalidDetail
    case badBodyTitle, bodyNotJSON, bodyNotObject
    case mediaTypeTitle, mediaTypeDetail
    case notFoundTitle, notFoundDetail
    case methodTitle, methodDetail
    case internalTitle, internalDetail
    case created

    /// The sentence in `language`.
    func text(_ language: Language) -> String {
        Localizer(language: language).text("demo.\(self)")
    }
}
