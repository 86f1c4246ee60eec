import Foundation

/// An id made from a label: its words without accents or punctuation, in lower camel case (`Full name` →
/// `fullName`, `Correo electrónico` → `correoElectronico`); `field` when nothing is left.
enum FieldIdentifier {
    static func make(_ label: String) -> String {
        let folded = label.folding(
            options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en"))
        let words = folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard let first = words.first else { return "field" }
        let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let id = ([first] + rest).joined()
        return id.first?.isNumber == true ? "field" + id : id
    }
}
