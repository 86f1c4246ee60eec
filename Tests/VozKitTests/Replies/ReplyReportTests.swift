import Foundation
import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozReplies

@Suite struct ReplyReportTests {
    @Test func fieldErrorsAreSpokenGeneralFirstThenCountThenFieldsInFormOrder() throws {
        let report = ReplyReport(
            form: ServerFixtures.form, localizer: ServerFixtures.spanish,
            reply: try ServerFixtures.reply("rails-record-errors"))
        #expect(
            report.spoken == [
                "No se pudo enviar el formulario.",
                "Hay 2 errores.",
                "Nombre completo: el servidor necesita una respuesta aquí. Escríbela.",
                "Correo electrónico: ese valor ya está registrado. Escribe otro.",
            ])
        #expect(report.firstFocus == "fullName")
    }

    @Test func aTransientReplySaysWhenToRetryInWords() throws {
        let report = ReplyReport(
            form: ServerFixtures.form, localizer: ServerFixtures.spanish,
            reply: try ServerFixtures.reply("empty-503-retry-after"))
        #expect(
            report.spoken == [
                "El servidor está ocupado.", "Podrás reintentar en 7 segundos.",
            ])
    }

    @Test(
        arguments: [
            (1.0, "Podrás reintentar en 1 segundo."), (0.2, "Podrás reintentar en 1 segundo."),
            (119, "Podrás reintentar en 119 segundos."), (120, "Podrás reintentar en 2 minutos."),
            (61 * 60, "Podrás reintentar en 61 minutos."), (3 * 3600, "Podrás reintentar en 3 horas."),
            (0, "Puedes reintentar ya."), (-5, "Puedes reintentar ya."),
            (6 * 3600 + 1, "Podrás reintentar en más de seis horas."),
            (1e30, "Podrás reintentar en más de seis horas."),
            (.infinity, "Podrás reintentar en más de seis horas."),
        ] as [(Double, String)])
    func retrySentences(_ seconds: Double, _ sentence: String) {
        #expect(ReplyReport.retrySentence(seconds: seconds, localizer: ServerFixtures.spanish) == sentence)
    }

    @Test func theJSONHasEveryKeyEvenWhenEmpty() throws {
        let report = ReplyReport(
            form: ServerFixtures.form, localizer: ServerFixtures.english, reply: try ServerFixtures.reply("created-201")
        )
        let object = try #require(JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(
            Set(object.keys)
                == ["kind", "fields", "general", "retryAfterSeconds", "firstFocus", "requiresNewKey", "spoken"])
        #expect(object["kind"] as? String == "success")
        #expect(object["firstFocus"] is NSNull)
        #expect(try JSONDecoder().decode(ReplyReport.self, from: Data(report.json().utf8)) == report)
    }
}

@Suite struct ServerCatalogTests {
    /// Every phrase of the Server section, placeholders filled as they would be.
    @Test(arguments: Language.allCases)
    func noPhraseCarriesTechnicalText(_ language: Language) {
        let localizer = Localizer(language: language)
        let keys = Catalog.table(for: language).keys.filter { $0.hasPrefix("server.") }
        #expect(keys.count > 20)
        for key in keys {
            let phrase = localizer.text(
                key,
                [
                    "count": "2", "name": "teléfono", "message": "Falta.", "label": "Correo", "path": "/tmp/voz.log",
                    "time": "2 minutos", "min": "2", "max": "5",
                    "position": "2", "item": "Invitado 2",
                ])
            #expect(UserFacingText.problems(in: phrase).isEmpty, "\(key): \(phrase)")
            #expect(phrase.last.map { ".:".contains($0) } ?? false, "\(key) ends a sentence")
        }
    }
}
