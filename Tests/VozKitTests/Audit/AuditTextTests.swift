import Foundation
import Testing

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozScreenAudit

/// The fast text paths the audit takes give exactly what Foundation's folding and `Character`'s properties give.
@Suite struct AuditTextTests {
    /// Scalars the table covers, and a few just past it, with the ones folding does something to.
    static let pool: [Unicode.Scalar] =
        (0..<0x260).compactMap(Unicode.Scalar.init) + ["\u{301}", "\u{308}", "\u{212A}", "\u{FB06}", "\u{1F600}"]

    @Test func everyTableScalarFoldsAsFoundationFoldsIt() {
        for value in 0..<LatinFolding.limit {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = String(Character(scalar))
            for text in [character, "a\(character)b", "\(character)\(character)", "Á\(character)ü ñ", "\(character) X"]
            {
                #expect(AuditText.words(text) == AuditText.foundationWords(text), "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test func theASCIIPathFindsWordsAsCharactersDo() {
        var random = SeededGenerator(seed: 11)
        let pool: [Unicode.Scalar] = Self.pool + [" ", "1", "a", "B", "\u{1F600}", "\r", "\n"]
        for _ in 0..<3_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                text.append(pool.randomElement(using: &random) ?? " ")
            }
            let string = String(text)
            #expect(
                ScreenText.hasWords(string) == ScreenText.hasWordsInCharacters(string),
                "\(string.unicodeScalars.map(\.value))")
        }
    }

    @Test func randomTextsGiveFoundationsWords() {
        var random = SeededGenerator(seed: 9)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...10, using: &random)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(Self.pool.randomElement(using: &random) ?? " ") }
            let string = String(text)
            #expect(
                AuditText.words(string) == AuditText.foundationWords(string), "\(string.unicodeScalars.map(\.value))")
        }
    }

    @Test(arguments: [
        "¿Nombre  completo?", "Correo electrónico (obligatorio)", "CÓDIGO POSTAL", "Straße", "Ærø", "İstanbul",
        "ŉ", "Ǆemal", "façade naïve", "e\u{301}xito", "Ｆｕｌｌ", "ℌello", "año 2024, ½ y ²", "Zürich-Öl",
    ])
    func sentencesGiveFoundationsWords(_ text: String) {
        #expect(AuditText.words(text) == AuditText.foundationWords(text))
    }

    // MARK: - Phrases

    /// What `containsAnyPhrase` always did: both sides normalized, the phrase looked for between spaces.
    static func referenceContains(_ text: String, _ needles: [String]) -> Bool {
        let padded = " " + AuditText.foundationWords(text).joined(separator: " ") + " "
        return needles.contains { padded.contains(" " + AuditText.foundationWords($0).joined(separator: " ") + " ") }
    }

    @Test func phrasesAreFoundAsTheyAlwaysWere() {
        let needles = [
            ["no es obligatorio", "opcional"], ["obligatorio"], ["no esta disponible", "while"], [""], ["¿"],
            ["e\u{301}xito"], ["straße"], ["3"], ["tres", "three"],
        ]
        let texts = [
            "", "   ", "Opcional.", "No es obligatorio", "NO ESTÁ DISPONIBLE mientras", "obligatorio*", "Éxito",
            "éxito", "e\u{301}xito total", "Strasse", "STRASSE", "straße", "Hay 3 errores", "Hay tres errores",
            "obligatoriamente", "no-es-obligatorio", "¿?", "\u{1F600} opcional", "İ opcional",
        ]
        for text in texts {
            for list in needles {
                #expect(
                    AuditText.containsAnyPhrase(text, list) == Self.referenceContains(text, list), "\(text) \(list)")
            }
        }
        var random = SeededGenerator(seed: 4)
        let words = ["no", "es", "obligatorio", "Opcional", "ESTÁ", "disponible", "ß", "ss", "-", " ", ".", "é", "e"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in words.randomElement(using: &random) ?? ""
            }
            .joined(separator: Bool.random(using: &random) ? " " : "")
            for list in needles {
                #expect(AuditText.containsAnyPhrase(text, list) == Self.referenceContains(text, list), "\(text)")
            }
        }
    }

    @Test(arguments: ["Nombre ✓", "★", "→ siguiente", "Hola 😀", "Plain ASCII *", "Ñandú", "e\u{301}", "⬅️ Atrás"])
    func symbolsAreFoundAsCharacterByCharacter(_ text: String) {
        var reference: [Character] = []
        for character in text where SpokenSymbols.isUnreadable(character) && !reference.contains(character) {
            reference.append(character)
        }
        #expect(SpokenSymbols.found(in: text) == reference)
    }

    // MARK: - Input purpose

    @Test(arguments: [
        ("correo", "Correo electrónico"), ("tel", "Teléfono móvil"), ("cp", "Código postal"), ("x", "Ærø"),
        ("pais", "País"), ("nombre", "Nombre"), ("ø", "Straße Nummer"), ("card_number", "Número de tarjeta"),
        ("campo_1", "Dato número 1"), ("user", "Usuario"), ("x", "Ciudad\u{301}"), ("x", "名前"),
    ])
    func aFieldsTokenIsGuessedAsBefore(_ id: String, _ label: String) {
        let field = Field(id: id, label: label, kind: .text)
        let words = Set(AuditText.identifierWords(id) + AuditText.words(id + " " + label))
        let text = " " + words.sorted().joined(separator: " ") + " "
        let reference = InputPurpose.clues.first { _, clues in clues.contains { text.contains(" \($0) ") } }?.0
        // The one inference the builder shares (issue 27) names a country `country`, as address forms write it.
        #expect(InputPurpose.expectedToken(for: field) == (reference == "country-name" ? "country" : reference))
    }
}
