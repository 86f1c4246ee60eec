import Testing

@testable import VozAudit
@testable import VozTranscript

/// Errors a server sent on things the form does not have are said as general errors and counted with the fields':
/// the failure's sentence may count more than the failing fields, never fewer, and elsewhere only the fields' count
/// is that count.
@Suite struct ErrorCountBeyondFieldsTests {
    @Test(
        arguments: [
            (["No se pudo crear la cuenta. field1: No vale. Hay 3 errores."], true),
            (["No se pudo crear la cuenta. Hay 2 errores."], true),
            (["No se pudo crear la cuenta. Hay 1 error."], false),
            (["No se pudo crear la cuenta.", "Quedan 3 campos."], false),
        ] as [([String], Bool)])
    func aCountAboveTheFieldsIsSaidInTheFailuresSentence(sentences: [String], passes: Bool) {
        let transcript = Events.transcript(
            [Events.state(30, "failed", detail: "permanent", text: "a,b")]
                + sentences.enumerated().map { Events.say(31 + $0.offset, $0.element) })
        let check = ErrorCountRule().check(transcript)
        #expect(check.violations.isEmpty == passes)
    }
}
