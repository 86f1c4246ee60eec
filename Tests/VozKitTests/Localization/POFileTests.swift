import Testing

@testable import VozKit
@testable import VozLocalization

/// Reading PO text the way msgfmt reads it.
@Suite struct POFileTests {
    static let sample = #"""
        # A translator's comment.
        msgid ""
        msgstr ""
        "Language: fr\n"
        "Plural-Forms: nplurals=2; plural=(n > 1);\n"

        #. Keep the placeholders: {label} the label.
        msgctxt "validation.message"
        msgid "{label}: {detail}"
        msgstr "{label} : "
        "{detail}"

        msgctxt "quoted"
        msgid "Say \"yes\"\tthen\\go"
        msgstr "Dites « oui »\n"

        msgctxt "server.errorCount"
        msgid "There is {count} error."
        msgid_plural "There are {count} errors."
        msgstr[0] "Il y a {count} erreur."
        msgstr[1] "Il y a {count} erreurs."

        #~ msgctxt "old"
        #~ msgid "Gone"
        #~ msgstr "Parti"
        """#

    @Test func readsHeaderContinuationsEscapesAndPlurals() throws {
        let file = try POFile(text: Self.sample, name: "fr.po")
        #expect(file.header["Language"] == "fr")
        #expect(file.header["Plural-Forms"] == "nplurals=2; plural=(n > 1);")
        #expect(file.entries.map(\.context) == ["validation.message", "quoted", "server.errorCount"])
        #expect(file.entries[0].strings == ["{label} : {detail}"])
        #expect(file.entries[1].id == "Say \"yes\"\tthen\\go")
        #expect(file.entries[1].strings == ["Dites « oui »\n"])
        #expect(file.entries[2].idPlural == "There are {count} errors.")
        #expect(file.entries[2].strings.count == 2)

        let catalog = try MessageCatalog(file, name: "fr.po")
        #expect(catalog.plural("server.errorCount", count: 0) == "Il y a {count} erreur.")
        #expect(catalog.plural("server.errorCount", count: 2) == "Il y a {count} erreurs.")
    }

    @Test(
        arguments: [
            ("msgid \"a\"\nmsgstr \"b", 2, "expected a quoted string"),
            ("msgid \"a\"\nmsgstr \"b\\q\"", 2, "unknown escape \\q"),
            ("msgid \"a\"\nmsgstr[0] \"b\"", 2, "msgstr[0] is out of order or without a msgid_plural"),
            ("\"orphan\"", 1, "a string continues no keyword"),
            (
                "msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"c\"\nmsgstr[2] \"d\"", 4,
                "msgstr[2] is out of order or without a msgid_plural"
            ),
            ("msgctxt \"k\"\nmsgid \"a\"", 1, "the entry has no msgstr"),
            ("msgfoo \"a\"", 1, "unknown keyword msgfoo"),
        ])
    func namesTheFileAndLineOfAMistake(text: String, line: Int, reason: String) {
        #expect(throws: POFileError.syntax(file: "x.po", line: line, reason: reason)) {
            try POFile(text: text, name: "x.po")
        }
    }

    @Test func refusesACatalogWhosePluralsDoNotMatchItsHeader() throws {
        let text = """
            msgid ""
            msgstr "Plural-Forms: nplurals=3; plural=n%3;\\n"

            msgctxt "k"
            msgid "one"
            msgid_plural "many"
            msgstr[0] "a"
            msgstr[1] "b"
            """
        let file = try POFile(text: text, name: "x.po")
        #expect(throws: POFileError.self) { try MessageCatalog(file, name: "x.po") }
    }
}
