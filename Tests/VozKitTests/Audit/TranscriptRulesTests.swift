import Foundation
import Testing

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozTranscript

/// One transcript rule, a transcript it must flag and one it must pass.
struct TranscriptRuleCase: Sendable, CustomTestStringConvertible {
    var rule: String
    var failing: Transcript
    var passing: Transcript
    var testDescription: String { rule }
}

private typealias E = Events

private let secretForm = Form(
    id: "f", title: "F", fields: [Field(id: "clave", label: "Clave", kind: .secret)],
    submit: AuditFixtures.submit)

private let orderPrompts = [
    E.prompt(0, "a", "Campo 1 de 3. A."), E.prompt(10, "b", "Campo 2 de 3. B."), E.prompt(20, "c", "Campo 3 de 3. C."),
]

private let transcriptCases: [TranscriptRuleCase] = [
    TranscriptRuleCase(
        rule: "busy-not-announced",
        failing: E.transcript([E.state(0, "sending"), E.state(300, "completed"), E.say(301, "Cuenta creada.")]),
        passing: E.transcript([
            E.state(0, "sending"), E.say(1, "Enviando."), E.state(300, "completed"), E.say(301, "Cuenta creada."),
        ])),
    TranscriptRuleCase(
        rule: "busy-never-ended",
        failing: E.transcript([E.state(0, "sending"), E.say(1, "Enviando.")]),
        passing: E.transcript([
            E.state(0, "sending"), E.say(1, "Enviando."), E.state(900, "completed"), E.say(901, "Cuenta creada."),
        ])),
    TranscriptRuleCase(
        rule: "outcome-not-announced",
        failing: E.transcript([E.state(0, "sending"), E.say(1, "Enviando."), E.state(900, "completed")]),
        passing: E.transcript([
            E.state(0, "sending"), E.say(1, "Enviando."), E.state(900, "completed"), E.say(901, "Cuenta creada."),
        ])),
    TranscriptRuleCase(
        rule: "disabled-without-reason",
        failing: E.transcript([E.say(0, "Crear cuenta no está disponible.")]),
        passing: E.transcript([
            E.say(0, "Crear cuenta no está disponible mientras se envía. Espera, o escribe :cancelar.")
        ])),
    TranscriptRuleCase(
        rule: "focus-not-first-error",
        failing: E.transcript(
            orderPrompts + [
                E.state(30, "failed", detail: "permanent", text: "c,b"), E.say(31, "Hay 2 errores."), E.focus(32, "c"),
            ]),
        passing: E.transcript(
            orderPrompts + [
                E.state(30, "failed", detail: "permanent", text: "c,b"), E.say(31, "Hay 2 errores."), E.focus(32, "b"),
            ])),
    TranscriptRuleCase(
        rule: "error-count-not-announced",
        failing: E.transcript([
            E.state(30, "failed", detail: "permanent", text: "a,b"), E.say(31, "No se pudo crear la cuenta."),
        ]),
        passing: E.transcript([
            E.state(30, "failed", detail: "permanent", text: "a,b"),
            E.say(31, "No se pudo crear la cuenta. Hay 2 errores."),
        ])),
    TranscriptRuleCase(
        rule: "technical-text-spoken",
        failing: E.transcript([E.say(0, "Error 503: Service Unavailable")]),
        passing: E.transcript([E.say(0, "El servidor no responde. Escribe :reintentar para enviarlo otra vez.")])),
    TranscriptRuleCase(
        rule: "retry-after-permanent",
        failing: E.transcript([
            E.state(0, "failed", detail: "permanent"), E.say(1, "No se pudo crear la cuenta. Escribe :reintentar."),
        ]),
        passing: E.transcript([
            E.state(0, "failed", detail: "permanent"), E.say(1, "Tu cuenta está bloqueada. Escribe a soporte."),
        ])),
    TranscriptRuleCase(
        rule: "retry-missing-after-transient",
        failing: E.transcript([E.state(0, "failed", detail: "transient"), E.say(1, "No se pudo conectar.")]),
        passing: E.transcript([
            E.state(0, "failed", detail: "transient"),
            E.say(1, "No se pudo conectar. Escribe :reintentar para enviarlo otra vez."),
        ])),
    TranscriptRuleCase(
        rule: "secret-value-present",
        failing: E.transcript([E.input(0, "clave", "hunter22")], form: secretForm),
        passing: E.transcript([E.input(0, "clave", "hidden", detail: "hidden")], form: secretForm)),
]

@Suite struct TranscriptRulesTests {
    @Test(arguments: transcriptCases)
    func flagsTheFailingTranscriptAndPassesTheGoodOne(_ testCase: TranscriptRuleCase) throws {
        let rule = try #require(AuditRules.transcript.first { $0.info.id == testCase.rule })
        let failing = rule.check(testCase.failing)
        #expect(failing.applicable)
        let finding = try #require(failing.violations.first)
        #expect(finding.ruleID == testCase.rule)
        #expect(finding.location.time != nil)
        let message = finding.messageText(Localizer(language: .es))
        #expect(!message.contains("{"), "every placeholder is filled: \(message)")
        let passing = rule.check(testCase.passing)
        #expect(passing.applicable)
        #expect(passing.violations.isEmpty)
    }

    @Test func everyTranscriptRuleHasACase() {
        #expect(Set(transcriptCases.map(\.rule)) == Set(AuditRules.transcript.map(\.info.id)))
    }

    @Test func silenceOfMoreThanTenSecondsWhileSendingIsFlagged() throws {
        let slow = E.transcript([
            E.state(0, "sending"), E.say(1, "Enviando."), E.state(15_000, "completed"), E.say(15_001, "Cuenta creada."),
        ])
        let finding = try #require(OutcomeAnnouncedRule().check(slow).violations.first)
        #expect(finding.message.key == "audit.outcome-not-announced.silent")
        let steady = E.transcript([
            E.state(0, "sending"), E.say(1, "Enviando."), E.say(6_000, "Todavía enviando."),
            E.say(12_000, "Todavía enviando."), E.state(15_000, "completed"), E.say(15_001, "Cuenta creada."),
        ])
        #expect(OutcomeAnnouncedRule().check(steady).violations.isEmpty)
    }

    @Test func afterATransientFailureFocusStaysOnSubmit() {
        let stays = E.transcript([E.focus(0, "submit"), E.state(5, "failed", detail: "transient"), E.say(6, "x")])
        #expect(FocusAfterFailureRule().check(stays).violations.isEmpty)
        let moves = E.transcript([
            E.focus(0, "submit"), E.state(5, "failed", detail: "transient"), E.say(6, "x"), E.focus(7, "email"),
        ])
        #expect(FocusAfterFailureRule().check(moves).violations.count == 1)
    }

    @Test func formOrderComesFromTheFormWhenGiven() throws {
        let form = Form(
            id: "f", title: "F", fields: [Field(id: "b", label: "B"), Field(id: "a", label: "A")],
            submit: AuditFixtures.submit)
        let transcript = E.transcript(
            [E.state(0, "failed", detail: "permanent", text: "a,b"), E.say(1, "Hay 2 errores."), E.focus(2, "b")],
            form: form)
        #expect(FocusAfterFailureRule().check(transcript).violations.isEmpty)
    }

    @Test func unknownFocusIsLeftForAPersonToReview() {
        let transcript = E.transcript([E.state(0, "failed", detail: "permanent", text: "a"), E.say(1, "Hay 1 error.")])
        let check = FocusAfterFailureRule().check(transcript)
        #expect(check.violations.isEmpty)
        #expect(check.incomplete.count == 1)
    }

    @Test func aSecretFieldIsKnownByItsIdWithoutTheForm() {
        let transcript = E.transcript([E.input(0, "newPassword", "hunter22")])
        #expect(SecretValueRule().check(transcript).violations.count == 1)
    }

    @Test(arguments: [
        "HTTP 500", "Error 503", "NullPointerException", "URLError", "NSURLErrorDomain Code=-1001",
        "Visita https://api.example.com/x", "api.example.com no responde", "localhost", #"{"error":"x"}"#,
        "<html><body>Bad gateway</body></html>", "at com.foo.Bar(Bar.java:12)", "Traceback (most recent call last)",
        "Referencia 123e4567-e89b-12d3-a456-426614174000",
    ])
    func findsTechnicalText(_ text: String) {
        #expect(TechnicalText.find(in: text) != nil)
    }

    @Test(arguments: [
        "Hay 1 error.", "Campo 2 de 4. Correo electrónico. Ejemplo: ana@ejemplo.com.", "Cuenta creada.",
        "Escribe 5 cifras, por ejemplo 28001.", "No se pudo conectar con el servidor. Error de red.",
        "Valor actual: ana.perez@example.com.", "There are 2 errors.",
    ])
    func leavesPlainSentencesAlone(_ text: String) {
        #expect(TechnicalText.find(in: text) == nil)
    }

    // MARK: - Files

    @Test func aGoodSessionPassesEveryTranscriptRule() throws {
        let form = try FormFile.load(path: AuditFixtures.path("good-form.json")).form
        for context in [form, nil] {
            let transcript = try AuditFixtures.transcript("good-transcript.jsonl", form: context)
            let result = Auditor.audit(forms: [], transcripts: [transcript])
            #expect(result.violations.isEmpty, "\(result.violations.map(\.ruleID))")
            #expect(result.incomplete.isEmpty)
        }
    }

    @Test func aDoctoredSessionFailsTheRightRules() throws {
        let transcript = try AuditFixtures.transcript("doctored-transcript.jsonl")
        let result = Auditor.audit(forms: [], transcripts: [transcript])
        let rules = Set(result.violations.map(\.ruleID))
        #expect(
            rules == [
                "outcome-not-announced", "error-count-not-announced", "technical-text-spoken", "focus-not-first-error",
            ]
        )
        let technical = try #require(result.violations.first { $0.ruleID == "technical-text-spoken" })
        #expect(technical.location.line == 25)
        let focus = try #require(result.violations.first { $0.ruleID == "focus-not-first-error" })
        #expect(focus.location.field == "nombre")
        #expect(focus.message.arguments["expected"] == "email")
        #expect(result.fails(atOrAbove: .serious))
    }

    @Test func aLineThatIsNotAnEventIsNamed() {
        #expect(throws: TranscriptError.badLine(path: "t.jsonl", line: 3)) {
            try Transcript.parse(#"{"time":0,"kind":"state","state":"idle"}"# + "\n\nnot json\n", path: "t.jsonl")
        }
    }

    @Test func blankLinesKeepEventLinesTrue() throws {
        let text = "\n" + #"{"time":0,"kind":"announcement","text":"Hola."}"# + "\n"
        let transcript = try Transcript.parse(text, path: "t.jsonl")
        #expect(transcript.line(ofEvent: 0) == 2)
    }
}
