import Testing

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization

/// The audit reads forms and transcripts in every language Voz speaks, with the words of each PO catalog.
@Suite struct AuditLanguageWordsTests {
    @Test(arguments: [
        ("Campo 1", true), ("Champ 1", true), ("Feld 1", true), ("Casella 2", true), ("Caixa de texto", true),
        ("Zone de texte", true), ("Campo di testo", true),
        ("Eingabefeld", true), ("Sans titre", true), ("Valore", true), ("Telefone", false), ("Code postal", false),
        ("Vorname", false), ("Data di nascita", false),
    ])
    func genericLabelsInEveryLanguage(label: String, generic: Bool) {
        #expect(GenericLabelRule.isGeneric(label) == generic)
    }

    @Test(
        arguments: [
            ("Nom (obligatoire)", "obligatoire"), ("Telefon (Pflichtfeld)", "pflichtfeld"),
            ("Nome (obbligatorio)", "obbligatorio"), ("E-mail (obrigatório)", "obrigatório"),
            ("Adresse (requis)", "requis"), ("Téléphone (facultatif)", nil), ("Telefon (freiwillig)", nil),
            ("Cupom (opcional)", nil), ("Codice sconto (facoltativo)", nil), ("Nome completo", nil),
        ] as [(String, String?)])
    func requiredMarkersInEveryLanguage(label: String, marker: String?) {
        #expect(RequiredMarkerRule.marker(in: label) == marker)
    }

    /// English "required" before the noun it qualifies names a thing; standing alone, or before "field", "to" or the
    /// end of a sentence, it says the field must be filled. Conditions ("required for the US") are no marker.
    @Test(
        arguments: [
            ("Required actions", nil), ("If details don't match the required format, the reply is an error.", nil),
            ("Required for the US and Canada.", nil), ("Required for the jpm check template only.", nil),
            ("Mandatory documents", nil), ("Name (required)", "required"), ("Required.", "required"),
            ("This field is required", "required"), ("Required field", "required"),
            ("An e-mail is required to sign in.", "required"), ("Mandatory: your name", "mandatory"),
            ("Required: the country code", "required"),
        ] as [(String, String?)])
    func englishRequiredBeforeANounIsNoMarker(text: String, marker: String?) {
        #expect(RequiredMarkerRule.marker(in: text) == marker)
    }

    /// A member's path lends it no loose word of its object: a card's start month is no card number, a user's
    /// locale no user name; what the member's own name says, or the path says exactly, still counts.
    @Test(
        arguments: [
            ("card.startMonth", "Start month", nil), ("card.customer_id", "Customer id", nil),
            ("user.selected_locale", "Selected locale", nil), ("address.sublocality", "Sublocality", nil),
            ("card.number", "Number", "cc-number"), ("card.expiryMonth", "Expiry month", "cc-exp-month"),
            ("user.email", "Email", "email"), ("billingAddress.postalCode", "Postal code", "postal-code"),
            ("contact.phone", "Phone", "tel"),
        ] as [(String, String, String?)])
    func aMemberTakesNoWordFromItsObject(id: String, label: String, token: String?) {
        #expect(InputPurpose.expectedToken(for: Field(id: id, label: label)) == token)
    }

    @Test(
        arguments: [
            ("Téléphone", "tel"), ("Telefon", "tel"), ("Telefone", "tel"), ("Numero di cellulare", "tel"),
            ("Courriel", "email"), ("Code postal", "postal-code"), ("Postleitzahl", "postal-code"),
            ("CEP", "postal-code"),
            ("CAP", "postal-code"), ("Date de naissance", "bday"), ("Geburtsdatum", "bday"),
            ("Nachname", "family-name"),
            ("Cognome", "family-name"), ("Sobrenome", "family-name"), ("Prénom", "given-name"),
            ("Vorname", "given-name"),
            ("Ville", "address-level2"), ("Città", "address-level2"), ("Straße und Hausnummer", "street-address"),
            ("Nome completo", "name"), ("Nom complet", "name"), ("Formule", nil), ("Tarif", nil),
        ] as [(String, String?)])
    func purposeGuessesInEveryLanguage(label: String, token: String?) {
        #expect(InputPurpose.expectedToken(for: Field(id: "x", label: label)) == token)
    }

    @Test(arguments: [
        "Réessayez dans un instant.", "Versuche es gleich noch einmal: gib :erneut ein.", "Riprova tra poco.",
        "Digite :reenviar para mandar os mesmos dados.", "Type :retry to send the same data again.",
        "Inténtalo de nuevo en unos momentos.",
    ])
    func retryOffersInEveryLanguage(line: String) {
        #expect(AuditText.containsAnyPhrase(line, RetryOffer.phrases))
    }

    @Test(arguments: ["Erreur 500.", "Fehler 503", "Errore 404: non trovato", "Erro 500", "Statut 404", "código 502"])
    func statusCodesInEveryLanguage(text: String) {
        #expect(TechnicalText.find(in: text) == .statusCode)
    }

    @Test(arguments: ["Ouvrez exemple.fr pour en savoir plus", "Siehe beispiel.de", "Visita esempio.it"])
    func domainsOfTheNewLanguages(text: String) {
        #expect(TechnicalText.find(in: text) == .domain)
    }

    @Test(arguments: [
        ("Il y a deux erreurs.", 2), ("Es gibt drei Fehler.", 3), ("Ci sono cinque errori.", 5), ("Há dez erros.", 10),
        ("Hay un error.", 1), ("There are two errors.", 2),
    ])
    func errorCountsInWordsInEveryLanguage(line: String, count: Int) {
        #expect(ErrorCountRule.states(count: count, in: line))
        #expect(!ErrorCountRule.states(count: count + 1, in: line))
    }

    @Test(
        arguments: [
            ("Créer le compte est indisponible pendant l'envoi.", true), ("Konto anlegen ist nicht verfügbar.", false),
            ("Konto anlegen ist während des Sendens nicht verfügbar.", true),
            ("Crea account non è disponibile.", false),
            ("Crea account non è disponibile durante l'invio.", true),
            ("Criar conta: indisponível até o envio terminar.", true),
        ])
    func unavailableControlsAndTheirReasonsInEveryLanguage(line: String, hasReason: Bool) {
        #expect(AuditText.containsAnyPhrase(line, DisabledReasonRule.disabledPhrases))
        #expect(AuditText.containsAnyPhrase(line, DisabledReasonRule.reasonPhrases) == hasReason)
    }

    @Test(arguments: [
        ("doit comporter des lettres majuscules", true), ("nur Buchstaben und Ziffern", true),
        ("formato non valido", false),
        ("use somente letras", true), ("Format ungültig", false), ("format non valide", false),
    ])
    func correctionWordsInEveryLanguage(message: String, correction: Bool) {
        #expect(CorrectionMessageRule.givesCorrection(message) == correction)
    }

    @Test(arguments: [
        ("Saisissez votre nom", "Nom", true), ("Gib deinen Vornamen ein", "Vornamen", true),
        ("Inserisci il tuo cognome", "Cognome", true), ("Digite seu e-mail", "E-mail", true),
        ("Tel qu'il figure sur votre passeport", "Nom", false),
    ])
    func hintsThatOnlyRepeatTheLabelInEveryLanguage(hint: String, label: String, repeats: Bool) {
        #expect(HintRepeatsLabelRule.repeats(hint: hint, label: label) == repeats)
    }

    /// Every phrase a catalog says passes the technical-text rule: translators did not let a code slip in. (The
    /// e-mail correction names an example domain on purpose: "as in example.com". Form-file and usage errors are
    /// printed for the form's author and name the file's own syntax, such as "in": "path" and user.email.)
    @Test(arguments: Language.allCases)
    func noCatalogPhraseIsTechnicalText(language: Language) {
        for (key, message) in Catalog.catalog(for: language).messages
        where !key.hasPrefix("demo.") && !key.hasPrefix("audit.") && !key.hasPrefix("speech.")
            && !key.hasPrefix("transport.") && !key.hasPrefix("formFile.") && !key.hasPrefix("usage.")
            && key != "validation.email.domainWithoutDot"
        {
            let texts: [String]
            switch message {
            case .single(let text): texts = [text]
            case .plural(let forms): texts = forms
            }
            for text in texts {
                #expect(TechnicalText.find(in: text) == nil, "\(language.rawValue) \(key): \(text)")
            }
        }
    }
}
