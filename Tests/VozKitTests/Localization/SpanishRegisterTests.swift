import Foundation
import Testing

@testable import VozLocalization

/// Voz speaks Spanish in "tú" (issue 36): "escribe", "usa", "tu nombre", never "escriba", "use", "su nombre". A
/// sentence in "usted" among sentences in "tú" sounds like two voices talking to the listener.
@Suite struct SpanishRegisterTests {
    /// Imperatives in "usted" that Voz's Spanish must never use to address the listener.
    static let ustedImperatives: Set<String> = [
        "escriba", "pulse", "presione", "intente", "vuelva", "introduzca", "seleccione", "elija", "use", "utilice",
        "defina", "inicie", "instale", "compruebe", "ejecute", "revise", "espere", "pruebe", "consulte", "contacte",
        "abra", "cierre", "responda", "añada", "cambie", "borre", "quite", "guarde", "envíe", "corrija", "confirme",
        "indique", "haga", "ponga", "vaya", "tenga", "acepte", "rellene", "elimine", "asegúrese",
    ]
    /// The same with a pronoun attached, and "usted" itself: "usted" wherever they appear.
    static let ustedAnywhere: Set<String> = [
        "usted", "ustedes", "inícielo", "corríjalo", "quítelo", "nómbrelo", "escríbalo", "inténtelo", "vuélvalo",
        "instálelo", "ejecútelo", "defínalo", "revíselo", "cámbielo", "bórrelo", "pruébelo",
    ]

    /// "Debe" addresses the listener only where a sentence begins with it: a fragment said after a label ("Plazas:
    /// debe ser 1 o más") is about the value.
    static let ustedSentenceStarts: Set<String> = ["Debe"]

    /// The "usted" forms in `text`: an imperative where a sentence or a clause of advice begins ("…: use X",
    /// "…, o defina Y"), where it cannot be a subjunctive ("una etiqueta que diga…", "antes de que salga").
    static func ustedForms(in text: String) -> [String] {
        let words = text.split(whereSeparator: { $0 == " " })
        var found: [String] = []
        var previous: Substring?
        for word in words {
            let bare = word.trimmingCharacters(in: .punctuationCharacters).lowercased()
            let startsClause =
                previous == nil || previous.map { [".", ":", ";", "!", "?"].contains($0.last ?? " ") } == true
                || previous.map { ["o", "y", "u", "e"].contains($0.lowercased()) } == true
            let startsSentence = previous == nil || previous.map { [".", "!", "?"].contains($0.last ?? " ") } == true
            if Self.ustedAnywhere.contains(bare) || (startsClause && Self.ustedImperatives.contains(bare))
                || (startsSentence && Self.ustedSentenceStarts.contains(String(word)))
            {
                found.append(bare)
            }
            previous = word
        }
        return found
    }

    @Test func noSpanishSentenceAddressesTheListenerAsUsted() throws {
        let file = try CatalogTests.file("es.po")
        var offending: [String] = []
        for entry in file.entries {
            for text in entry.strings where !Self.ustedForms(in: text).isEmpty {
                offending.append("\(entry.context ?? entry.id): \(text)")
            }
        }
        #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    }

    /// The check finds what it is for and leaves the subjunctives a "tú" sentence has alone.
    @Test(arguments: [
        ("Escriba su nombre.", ["escriba"]),
        ("No hay sonido. Use --speech wav:CARPETA para grabar, o --speech none.", ["use"]),
        ("No puede conectar: inícielo, o defina VOZ_SPEECH=none.", ["inícielo", "defina"]),
        ("Debe aceptar las condiciones.", ["debe"]),
        ("debe ser 1 o más.", []),
        ("Da al campo una etiqueta que diga qué pide.", []),
        ("Anoto cada envío antes de que salga. Vuelve a enviar.", []),
        ("tiene más de una arroba; debe tener solo una.", []),
        ("Escribe tu nombre.", []),
    ])
    func theCheckFindsUstedAndNotSubjunctives(text: String, expected: [String]) {
        #expect(Self.ustedForms(in: text) == expected)
    }
}
