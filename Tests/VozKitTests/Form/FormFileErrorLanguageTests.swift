import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization

/// Issue 25 §5: a broken form file is explained in the user's language, not in English left over. Only the JSON
/// parser's own words stay English, as the foundation writes them; what the file wrote (ids, kinds, quoted values)
/// is quoted as the file wrote it, in JSON's quotes, whatever the language.
@Suite struct FormFileErrorLanguageTests {
    static let submit = #""submit": {"label": "Enviar", "url": "https://example.com/f"}"#

    /// A form file with `fields` and the submit control.
    static func form(_ fields: String, submit: String = FormFileErrorLanguageTests.submit) -> Data {
        Data(#"{"id": "f", "title": "T", "fields": [\#(fields)], \#(submit)}"#.utf8)
    }

    static func message(_ data: Data, _ language: Language) -> String? {
        do {
            _ = try FormFile.decode(data: data, path: "f.json")
            return nil
        } catch {
            return error.message(Localizer(language: language))
        }
    }

    // MARK: - Whole sentences

    static let noFields = form("")
    static let unknownKind = form(#"{"id": "a", "label": "A", "kind": "texto"}"#)
    static let duplicateID = form(#"{"id": "a", "label": "A"}, {"id": "a", "label": "B"}"#)
    static let missingLabel = form(#"{"id": "a"}"#)

    @Test(arguments: [
        (noFields, Language.en, "f.json: fields: expected at least one field, found an empty list."),
        (noFields, .es, "f.json: fields: se esperaba al menos un campo y la lista está vacía."),
        (noFields, .fr, "f.json : fields : au moins un champ attendu, la liste est vide."),
        (
            unknownKind, .en,
            "f.json: fields[0].kind: expected one of text, email, secret, number, integer, choice, multichoice, confirm, "
                + "multiline, list, group, found \"texto\"."
        ),
        (
            unknownKind, .es,
            "f.json: fields[0].kind: se esperaba una de estas palabras: text, email, secret, number, integer, choice, "
                + "multichoice, confirm, multiline, list, group y hay \"texto\"."
        ),
        (
            unknownKind, .de,
            "f.json: fields[0].kind: erwartet: eines dieser Wörter: text, email, secret, number, integer, choice, "
                + "multichoice, confirm, multiline, list, group, gefunden: \"texto\"."
        ),
        (
            duplicateID, .en,
            "f.json: fields[1].id: the id \"a\" is already used by fields[0]; each field needs its own id."
        ),
        (duplicateID, .es, "f.json: fields[1].id: el id \"a\" ya lo usa fields[0]; cada campo necesita su propio id."),
        (
            missingLabel, .en,
            "f.json: fields[0]: missing key \"label\"; expected a label, the name the user hears."
        ),
        (
            missingLabel, .it,
            "f.json: fields[0]: manca la chiave «label»; atteso un'etichetta, il nome che l'utente sente."
        ),
        (
            missingLabel, .ptBR,
            "f.json: fields[0]: falta a chave “label”; esperava-se um rótulo, o nome que o usuário ouve."
        ),
    ])
    func aBrokenFormIsExplainedInTheUsersLanguage(data: Data, language: Language, expected: String) {
        #expect(Self.message(data, language) == expected)
    }

    @Test(arguments: [
        (Language.en, "x.json: cannot read the form file: there is no file with that name."),
        (.es, "x.json: no se puede leer el archivo del formulario: no hay ningún archivo con ese nombre."),
        (.fr, "x.json : impossible de lire le fichier du formulaire : aucun fichier ne porte ce nom."),
    ])
    func aMissingFileIsSaidInTheUsersLanguage(language: Language, expected: String) {
        let error = FormFileError.unreadable(file: "x.json", reason: FormProblem("formFile.reason.noFile"))
        #expect(error.message(Localizer(language: language)) == expected)
    }

    // MARK: - Every problem, every language

    /// One broken file for many of the decoder's problems: each must come out of the catalog in every language.
    static let broken: [Data] = [
        noFields, unknownKind, duplicateID, missingLabel,
        form(#"{"id": "a", "label": "A", "extra": 1}"#),
        form(#"{"id": "a", "label": "A", "kind": "choice"}"#),
        form(#"{"id": "a", "label": "A", "rules": {"minLength": 5, "maxLength": 2}}"#),
        form(#"{"id": "a", "label": "A", "kind": "secret", "default": "x"}"#),
        form(#"{"id": "a", "label": "A", "rules": {"pattern": "("}}"#),
        form(#"{"id": "a", "label": "A", "required": "yes"}"#),
        form(#"{"id": "a", "label": "A", "when": {"field": "b", "equals": "x"}}"#),
        form(#"{"id": "g", "label": "G", "kind": "group", "fields": [{"id": "n", "label": "n", "kind": "list"}]}"#),
        form(
            #"{"id": "g", "label": "G", "kind": "group", "fields": [{"id": "n", "label": "n", "purpose": "cc-csc"}]}"#),
        form(
            #"{"id": "a", "label": "A", "in": "path"}"#, submit: #""submit": {"label": "E", "url": "https://e.com/{b"}"#
        ),
        form(#"{"id": "a", "label": "A"}"#, submit: #""submit": {"label": "E", "url": "ftp://e.com"}"#),
        Data("[1]".utf8),
    ]

    @Test(arguments: Language.allCases)
    func everyProblemComesFromTheCatalog(language: Language) throws {
        for data in Self.broken {
            let english = try #require(Self.message(data, .en), "\(String(decoding: data, as: UTF8.self))")
            let said = try #require(Self.message(data, language))
            #expect(!said.contains("formFile."), "a key, not a phrase: \(said)")
            #expect(said.hasPrefix("f.json"), "\(said)")
            if language != .en { #expect(said != english, "left in English: \(said)") }
        }
    }
}
