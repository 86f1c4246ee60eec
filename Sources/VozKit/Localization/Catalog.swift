import Foundation

/// The message catalogs, one table a language, embedded in the binary so that Voz finds them wherever it is
/// installed. Each table lives in its own file (`Catalog+es.swift`, `Catalog+en.swift`); both must hold the
/// same keys with the same `{placeholders}` (a test checks).
public enum Catalog {
    /// The phrase table of one language.
    public static func table(for language: Language) -> [String: String] {
        switch language {
        case .es: return spanish
        case .en: return english
        }
    }
}
