import Testing

@testable import VozKit
@testable import VozSession

@Suite struct SessionInputTests {
    @Test(arguments: [
        (":enviar", SessionInput.command(.submit)),
        (":submit", .command(.submit)),
        ("  :Reintentar ", .command(.retry)),
        (":ir 3", .command(.go("3"))),
        (":go Correo electrónico", .command(.go("Correo electrónico"))),
        (":dónde", .command(.whereAmI)),
        (":prev", .command(.previous)),
        ("::hola", .answer(":hola")),
        ("ana@example.com", .answer("ana@example.com")),
        (":bailar", .unknownCommand(":bailar")),
        ("", .answer("")),
    ])
    func readsCommandsInBothLanguagesAndEscapedAnswers(line: String, expected: SessionInput) {
        #expect(SessionInput(line: line) == expected)
    }

    @Test func typedNamesFollowTheSessionLanguage() {
        #expect(SessionCommand.submit.typed(in: .es) == ":enviar")
        #expect(SessionCommand.submit.typed(in: .en) == ":submit")
        #expect(SessionCommand.go("x").typed(in: .es) == ":ir")
    }
}
