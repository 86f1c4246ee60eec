import Foundation

/// The languages the demo service answers in, chosen from `Accept-Language`.
enum DemoLanguage: String, Sendable, Equatable {
    case english = "en"
    case spanish = "es"

    /// The most preferred of es and en in an `Accept-Language` value (RFC 9110 §12.5.4); English when neither is
    /// acceptable or the header is missing.
    static func preferred(by acceptLanguage: String?) -> DemoLanguage {
        guard let acceptLanguage else { return .english }
        var best: (language: DemoLanguage, quality: Double)?
        for item in acceptLanguage.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased() else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard let language = DemoLanguage(rawValue: primary) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0, quality > (best?.quality ?? 0) {
                best = (language, quality)
            }
        }
        return best?.language ?? .english
    }
}
