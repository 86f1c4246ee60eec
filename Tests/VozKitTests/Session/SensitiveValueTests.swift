import Foundation
import Testing
import VozTestSupport

@testable import VozAccessibility
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies
@testable import VozSession
@testable import VozSpeech
@testable import VozTranscript

/// Issue 25 §3: card data, one-time codes and passwords are never at rest. A card number is typed visibly, said by
/// its last four digits, and is in no byte of the drafts, transcripts or technical log a session leaves behind.
@Suite final class SensitiveValueTests {
    private let base = FileManager.default.temporaryDirectory.appendingPathComponent(
        "voz-sensitive-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    // MARK: - What counts as sensitive

    @Test(
        arguments: [
            (FieldKind.secret, nil, FieldSensitivity.secret),
            (.text, "cc-number", .neverStored),
            (.text, "billing cc-number", .neverStored),
            (.text, "section-pago shipping cc-csc", .neverStored),
            (.text, "cc-exp", .neverStored),
            (.integer, "cc-exp-month", .neverStored),
            (.choice, "cc-exp-year", .neverStored),
            (.text, "one-time-code", .neverStored),
            (.text, "current-password webauthn", .neverStored),
            (.text, "NEW-PASSWORD", .neverStored),
            (.secret, "email", .secret),
            (.text, "cc-name", .ordinary),
            (.text, "cc-type", .ordinary),
            (.email, "email", .ordinary),
            (.text, nil, .ordinary),
        ] as [(FieldKind, String?, FieldSensitivity)])
    func theKindAndThePurposeDecide(kind: FieldKind, purpose: String?, expected: FieldSensitivity) {
        let field = Field(id: "f", label: "F", kind: kind, purpose: purpose)
        #expect(field.sensitivity == expected)
        #expect(field.isSensitive == (expected != .ordinary))
        // Only a secret field is read with echo off: a card number is typed visibly.
        #expect(field.isSecret == (expected == .secret))
    }

    @Test func aGroupCannotHoldACardNumber() {
        let text = #"""
            {"id": "f", "title": "F", "fields": [{"id": "cards", "label": "Tarjetas", "kind": "group",
              "fields": [{"id": "number", "label": "número", "purpose": "billing cc-number"}]}],
             "submit": {"label": "Enviar", "url": "https://example.com/f"}}
            """#
        #expect {
            try FormFile.decode(data: Data(text.utf8), path: "f.json")
        } throws: { error in
            (error as? FormFileError)?.path == "fields[0].fields[0].purpose"
        }
    }

    // MARK: - How they are said

    @Test(arguments: [
        (Language.es, "terminada en 1111"), (.en, "ending in 1111"), (.fr, "se terminant par 1111"),
        (.de, "endet auf 1111"), (.it, "che termina con 1111"), (.ptBR, "terminado em 1111"),
    ])
    func aCardNumberIsSaidByItsLastFourDigits(language: Language, words: String) {
        let localizer = Localizer(language: language)
        let card = Field(id: "card", label: "Card", purpose: "cc-number")
        let element = AccessibleElement.field(
            card, index: 0, count: 1, value: .text("4111 1111 1111 1111"), error: nil, localizer: localizer)
        #expect(element.value == words)
        #expect(element.spoken(localizer).contains(words))
        #expect(!element.spoken(localizer).contains("4111"))
        // Not typed hidden, so not announced as hidden text.
        #expect(!element.traits.contains(.secret))
    }

    @Test(arguments: [
        ("cc-csc", "123", "oculto, 3 caracteres"), ("cc-exp", "12/29", "oculto, 5 caracteres"),
        ("one-time-code", "482913", "oculto, 6 caracteres"), ("new-password", "clave-nueva", "oculto, 11 caracteres"),
        // Too short a card number for four digits to hide the rest is said as hidden.
        ("cc-number", "42424", "oculto, 5 caracteres"),
    ])
    func otherSensitiveValuesAreSaidAsTheSecretMask(purpose: String, value: String, words: String) {
        let localizer = Localizer(language: .es)
        let field = Field(id: "f", label: "Dato", purpose: purpose)
        let element = AccessibleElement.field(
            field, index: 0, count: 1, value: .text(value), error: nil, localizer: localizer)
        #expect(element.value == words)
        #expect(!element.spoken(localizer).contains(value))
    }

    // MARK: - Never at rest

    /// The event form's card branch up to the submit control: every answer but the card's is kept.
    static let eventAnswers = [
        "1", "Ana Pérez", "ana@ejemplo.com", "2", "", "voz", "", "no", "2", "1", "4111 1111 1111 1111", "no", "sí",
    ]
    static let card = ["4111 1111 1111 1111", "4111111111111111", "1111 1111 1111"]

    struct Run {
        var lines: [String]
        var requests: [SubmissionRequest]
        var files: [(path: String, data: Data)]
    }

    /// Runs the event form with `lines` in a state folder of its own: drafts, a transcript and a technical log.
    private func run(_ lines: [String], replies: [ScriptedTransport.Step], form: Form? = nil) async throws -> Run {
        let folder = base.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let event = FormFixtures.examples.appendingPathComponent("inscribir-evento.json").path
        let form = try form ?? FormFile.load(path: event).form
        let transcript = try TranscriptWriter(path: folder.appendingPathComponent("transcript.jsonl").path)
        let log = try FileTechnicalLog(path: folder.appendingPathComponent("voz.log").path)
        let transport = ScriptedTransport(replies)
        let printed = LineRecorder()
        let session = Session(
            form: form, localizer: Localizer(language: .es, overrides: form.messages),
            input: ScriptedLineSource(lines), announcer: Announcer(engine: nil, lines: printed, transcript: transcript),
            transport: transport, log: log,
            options: SessionOptions(drafts: DraftStore(folder: folder.appendingPathComponent("drafts").path)))
        _ = await session.run()
        transcript.close()
        var files: [(String, Data)] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path) { files.append((url.path, data)) }
        }
        return Run(lines: printed.lines, requests: transport.requests, files: files)
    }

    private static func leaks(_ needles: [String], in files: [(path: String, data: Data)]) -> [String] {
        files.flatMap { file in
            LeakSearch.needles(needles, foundIn: file.data).map { "\(file.path): \($0)" }
        }
    }

    @Test func anInterruptedEventFormKeepsEverythingButTheCard() async throws {
        let run = try await run(Self.eventAnswers + [":salir"], replies: [])
        #expect(run.requests.isEmpty)
        let draft = try #require(run.files.first { $0.path.contains("/drafts/") })
        let text = String(decoding: draft.data, as: UTF8.self)
        #expect(text.contains("Ana Pérez") || text.contains("Ana P\\u00e9rez"), "the other answers are kept")
        // The draft names the card field among those asked (so a restore goes back to it), never with a value.
        #expect(!text.contains("\"tarjeta\":"), "the card has no answer at all: \(text)")
        #expect(run.files.contains { $0.path.hasSuffix("transcript.jsonl") })
        #expect(Self.leaks(Self.card, in: run.files) == [])
    }

    @Test func aCompletedEventFormSendsTheCardAndReviewsItByItsLastDigits() async throws {
        let run = try await run(
            Self.eventAnswers + [":revisar", ":enviar", "sí"], replies: [.reply(status: 201, body: #"{"id":"r-1"}"#)])
        let body = try #require(run.requests.first).body
        // Sent as its digits: the same card typed with or without spaces is one payload, under one key.
        #expect(String(decoding: body, as: UTF8.self).contains("4111111111111111"), "the card is sent")
        #expect(run.lines.contains("10. Número de tarjeta: terminada en 1111."))
        #expect(Self.leaks(Self.card, in: run.files) == [])
    }

    @Test func aCardTheServerEchoesIsInNoFileNorSaid() async throws {
        let echo =
            #"{"errors":[{"field":"tarjeta","message":"La tarjeta '4111 1111 1111 1111' fue rechazada","#
            + #""input":"4111 1111 1111 1111"}],"received":{"payment":{"card":{"number":"4111111111111111"}}}}"#
        let run = try await run(
            Self.eventAnswers + [":enviar", "sí", ":salir"], replies: [.reply(status: 422, body: echo)])
        #expect(run.requests.count == 1)
        #expect(!run.lines.contains { $0.contains("4111") }, "\(run.lines)")
        let log = try #require(run.files.first { $0.path.hasSuffix("voz.log") })
        #expect(String(decoding: log.data, as: UTF8.self).contains("[redacted]"), "the reply was logged, redacted")
        #expect(run.files.contains { $0.path.contains("/drafts/") }, "a draft was kept")
        #expect(Self.leaks(Self.card, in: run.files) == [])
    }

    /// Every sensitive purpose, typed visibly, sent, echoed by the server, then left: none is in any file.
    @Test func everySensitivePurposeStaysOutOfEveryFile() async throws {
        let text = #"""
            {"id": "pago", "title": "Pago", "locale": "es",
             "fields": [
              {"id": "name", "label": "Nombre", "required": true, "purpose": "cc-name"},
              {"id": "number", "label": "Tarjeta", "required": true, "purpose": "cc-number"},
              {"id": "exp", "label": "Caducidad", "required": true, "purpose": "cc-exp"},
              {"id": "month", "label": "Mes", "kind": "integer", "required": true, "purpose": "cc-exp-month"},
              {"id": "year", "label": "Año", "kind": "integer", "required": true, "purpose": "cc-exp-year"},
              {"id": "csc", "label": "Código de seguridad", "required": true, "purpose": "cc-csc"},
              {"id": "otp", "label": "Código del SMS", "required": true, "purpose": "one-time-code"},
              {"id": "old", "label": "Clave actual", "required": true, "purpose": "current-password"},
              {"id": "new", "label": "Clave nueva", "required": true, "purpose": "new-password"}
             ],
             "submit": {"label": "Pagar", "url": "http://127.0.0.1:9/pago"}}
            """#
        let form = try FormFile.decode(data: Data(text.utf8), path: "pago.json").form
        let values = [
            "Ana Pérez", "5500 0000 0000 0004", "11/31", "11", "2031", "737", "904417", "vieja-Clave-1",
            "nueva-Clave-2",
        ]
        let echo =
            #"{"message":"rechazado","received":{"number":"5500 0000 0000 0004","exp":"11/31","month":11,"#
            + #""year":2031,"csc":"737","otp":"904417","old":"vieja-Clave-1","new":"nueva-Clave-2"}}"#
        let run = try await run(
            values + [":revisar", ":enviar", ":salir"], replies: [.reply(status: 400, body: echo)], form: form)
        #expect(run.requests.count == 1)
        #expect(run.lines.contains("2. Tarjeta: terminada en 0004."))
        #expect(run.lines.contains("6. Código de seguridad: oculto, 3 caracteres."))
        let draft = try #require(run.files.first { $0.path.contains("/drafts/") })
        #expect(String(decoding: draft.data, as: UTF8.self).contains("Ana P"), "the name is kept")
        let needles = Array(values.dropFirst()).filter { $0.count > 2 } + ["5500000000000004"]
        #expect(Self.leaks(needles, in: run.files) == [])
        // A short value is masked as a word of its own: the month is not in the log.
        let log = String(decoding: try #require(run.files.first { $0.path.hasSuffix("voz.log") }).data, as: UTF8.self)
        #expect(log.contains("rechazado"), "the reply was logged")
        #expect(!log.contains("\"month\":11") && !log.contains("\"month\":\"11\""), "\(log)")
    }

    // MARK: - Sensitive by shape (issue 36, I4)

    @Test(
        arguments: [
            ("4000 0566 5566 5556", true), ("4000-0566-5566-5556", true), ("4111111111111111", true),
            ("DE89 3704 0044 0532 0130 00", true), ("es91 2100 0418 4502 0005 1332", true),
            ("4000 0566 5566 5557", false), ("DE88 3704 0044 0532 0130 00", false), ("1234", false),
            ("600 123 456", false), ("Ana Pérez", false), ("ES12", false),
        ])
    func aCardNumberOrIBANIsKnownByItsShape(text: String, sensitive: Bool) {
        #expect(SensitiveShape.isWhole(text) == sensitive)
    }

    /// Found by the session explorer: an IBAN typed at a plain text field (no purpose says what it holds) was read
    /// out in the review and written to the transcript and the draft; a card number typed as a list item too.
    @Test func aCardOrIBANTypedWhereNoFieldSaysSoIsKeptOutOfEveryFile() async throws {
        let answers = [
            "1", "Ana Pérez", "ana@ejemplo.com", "2", "", "4000 0566 5566 5556", "", "no", "2", "2",
            "DE89 3704 0044 0532 0130 00", ":revisar", ":salir",
        ]
        let run = try await run(answers, replies: [])
        let needles = [
            "4000 0566 5566 5556", "4000056655665556", "DE89 3704 0044 0532 0130 00", "DE89370400440532013000",
        ]
        #expect(Self.leaks(needles, in: run.files) == [])
        #expect(!run.lines.contains { line in needles.contains { line.contains($0) } }, "\(run.lines)")
        #expect(run.lines.contains { $0.hasPrefix("Revisión de") }, "the review was read: \(run.lines)")
        let draft = try #require(run.files.first { $0.path.contains("/drafts/") })
        #expect(String(decoding: draft.data, as: UTF8.self).contains("ana@ejemplo.com"), "the rest is kept")
    }

    /// The third newcomer: the password typed again in the coupon field was hidden on screen and in the transcript,
    /// but written to the draft, and read out by the review of the next run. A typed secret is private wherever it
    /// is typed: the coupon holding it is not kept; the other answers are.
    @Test func aPasswordTypedAgainInAPlainFieldIsKeptOutOfTheDraft() async throws {
        let form = try FormFile.load(path: FormFixtures.examples.appendingPathComponent("crear-cuenta.json").path).form
        let run = try await run(
            ["Ana Pérez", "ana@ejemplo.com", "Sol4Luna99", "Sol4Luna99", ":salir"], replies: [], form: form)
        #expect(Self.leaks(["Sol4Luna99", "sol4luna99"], in: run.files) == [])
        let draft = try #require(run.files.first { $0.path.contains("/drafts/") })
        #expect(String(decoding: draft.data, as: UTF8.self).contains("ana@ejemplo.com"), "the rest is kept")
    }
}
