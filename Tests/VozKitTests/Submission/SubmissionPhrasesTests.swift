import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozReplies
@testable import VozSubmission

/// The sentences the submission says: waits in words, and refusals that name the control and what to do.
@Suite struct SubmissionPhrasesTests {
    @Test(arguments: [
        (1, Language.es, "1 segundo"), (3, .es, "3 segundos"), (119, .es, "119 segundos"), (120, .es, "2 minutos"),
        (121, .es, "3 minutos"), (7200, .es, "2 horas"), (1, .en, "1 second"), (90, .en, "90 seconds"),
        (3600, .en, "60 minutes"),
    ])
    func waitsAreSaidInWords(seconds: Int, language: Language, words: String) {
        #expect(SpokenDuration.words(seconds: seconds, Localizer(language: language)) == words)
    }

    @Test(arguments: [(0.2, 1), (3.0, 3), (3.01, 4), (-1, 0), (Double.nan, 0)])
    func waitsRoundUpSoTheyAreNeverSaidShorter(seconds: Double, whole: Int) {
        #expect(SpokenDuration.wholeSeconds(seconds) == whole)
    }

    @Test func theBusyReasonNamesTheControlAndTheWayOut() {
        let spanish = SubmissionRefusal.busy.phrase(Localizer(language: .es), control: "Crear cuenta")
        #expect(spanish == "Crear cuenta no está disponible mientras se envía. Espera, o escribe :cancelar.")
        let english = SubmissionRefusal.busy.phrase(Localizer(language: .en), control: "Create account")
        #expect(english == "Create account is unavailable while sending. Wait, or type :cancel.")
    }

    static let refusals: [SubmissionRefusal] = [
        .busy, .editWhileSending, .notSending, .nothingToRetry, .retryNotOffered, .retryInstead, .needsCorrection,
        .alreadyCompleted, .retryWaitTooLong(seconds: 300),
    ]

    @Test(arguments: refusals, Language.allCases)
    func everyRefusalIsOneFinishedSentence(refusal: SubmissionRefusal, language: Language) {
        let phrase = refusal.phrase(Localizer(language: language), control: "Crear cuenta")
        #expect(!phrase.contains("{") && !phrase.contains("submission."), "\(phrase)")
        #expect(phrase.hasSuffix("."))
    }

    @Test func theTooLongWaitIsSaidInMinutes() {
        let phrase = SubmissionRefusal.retryWaitTooLong(seconds: 300).phrase(Localizer(language: .es), control: "x")
        #expect(phrase == "Aún no: el servidor pide esperar 5 minutos. Escribe :reintentar más tarde.")
    }
}
