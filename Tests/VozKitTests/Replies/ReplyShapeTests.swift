import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

/// Reply shapes that need the form to be read right (issue 19): fields named like envelope words, per-item
/// lists, zod 4 trees, wrappers and key filters in paths, card errors that name no field. Each reply in
/// `Fixtures/Server/Shapes` is shaped as its framework documents it.
@Suite struct ReplyShapeTests {
    /// An order form whose names collide with envelope words and with each other's last names.
    static let form = Form(
        id: "pedido", title: "Pedido", locale: "es",
        fields: [
            Field(id: "body", label: "Mensaje"),
            Field(id: "detail", label: "Detalle"),
            Field(id: "emailAddress", label: "Correo", kind: .email, serverNames: ["user.emailAddress"]),
            Field(id: "displayName", label: "Nombre visible", serverNames: ["profile.display_name"]),
            Field(id: "qty0", label: "Cantidad del artículo 1", kind: .number, serverNames: ["items[0].qty"]),
            Field(id: "qty1", label: "Cantidad del artículo 2", kind: .number, serverNames: ["items[1].qty"]),
            Field(
                id: "amountA1", label: "Importe de A1", kind: .number,
                serverNames: ["/purchase_units/@reference_id=='A1'/amount/value"]),
            Field(
                id: "amountB2", label: "Importe de B2", kind: .number,
                serverNames: ["purchase_units[@reference_id=='B2'].amount.value"]),
            Field(id: "card", label: "Número de tarjeta", purpose: "cc-number"),
        ],
        submit: SubmitSpec(label: "Pagar", url: URL(fileURLWithPath: "/orders")))

    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        var kind: ReplyReport.Kind = .fieldErrors
        var fields: [(String, String)]
        /// Literal sentences after the catalog's lead, in order.
        var general: [String] = []
        var testDescription: String { fixture }
    }

    static let cases: [Case] = [
        Case(
            fixture: "rails-field-called-body",
            fields: [("body", "el servidor necesita una respuesta aquí. Escríbela.")]),
        Case(
            fixture: "drf-field-called-detail",
            fields: [("detail", "tiene más de 10 caracteres. Escribe como mucho 10.")]),
        Case(
            fixture: "drf-many-true", fields: [("qty1", "debe ser 1 o más.")],
            general: ["The fields order, sku must make a unique set."]),
        // ListSerializer's own alignment: `{}` stands for the valid item, so the error is the second item's.
        Case(
            fixture: "drf-many-true-valid-item",
            fields: [("qty1", "debe ser 1 o más.")]),
        Case(
            fixture: "zod4-treeify",
            fields: [
                ("emailAddress", "el servidor no lo acepta como dirección de correo. Revísalo."),
                ("qty1", "debe ser 1 o más."),
            ],
            general: ["Unrecognized key: \"coupon\"."]),
        Case(
            fixture: "google-request-wrapper",
            fields: [
                ("displayName", "El nombre visible admite como mucho 40 caracteres."),
                ("qty0", "La cantidad debe ser al menos 1."),
            ]),
        Case(
            fixture: "problem-pointer-wrapper",
            fields: [
                ("emailAddress", "el servidor no lo acepta como dirección de correo. Revísalo."),
                ("qty1", "El servidor no acepta este valor. Revísalo."),
            ]),
        Case(
            fixture: "paypal-key-filter",
            fields: [
                ("amountA1", "El servidor no acepta este valor. Revísalo."),
                // The first phrase Voz knows is said; the rest of the English is for the log.
                ("amountB2", "debe ser 0 o más."),
            ]),
        Case(fixture: "stripe-card-declined", fields: [("card", "El servidor no acepta este valor. Revísalo.")]),
    ]

    static func reply(_ fixture: String) throws -> HTTPReply {
        try ServerFixtures.reply("Shapes/\(fixture)")
    }

    @Test(arguments: cases)
    func eachShapeLandsOnTheRightField(_ expected: Case) throws {
        let localizer = ServerFixtures.spanish
        let report = ReplyReport(form: Self.form, localizer: localizer, reply: try Self.reply(expected.fixture))
        #expect(report.kind == expected.kind)
        let fields = expected.fields
        #expect(report.fields == Dictionary(uniqueKeysWithValues: fields))
        #expect(report.firstFocus == expected.fields.first?.0)
        #expect(report.general == ([localizer.text("server.fields.general")] + expected.general).joined(separator: " "))
        for sentence in report.spoken {
            #expect(UserFacingText.problems(in: sentence).isEmpty, "\(expected.fixture): \(sentence)")
        }
    }

    @Test func withoutTheCardFieldACardErrorIsGeneralAndPermanent() throws {
        let report = ReplyReport(
            form: ServerFixtures.form, localizer: ServerFixtures.spanish, reply: try Self.reply("stripe-card-declined"))
        #expect(report.kind == .permanent)
        #expect(report.fields.isEmpty)
        #expect(report.general.hasSuffix("Your card has insufficient funds."))
    }

    @Test func aFormWithoutTheEnvelopeWordKeepsReadingItAsAnEnvelope() throws {
        // The test form of the other fixtures has no field called `detail`: a DRF `detail` list stays general.
        let report = ReplyReport(
            form: ServerFixtures.form, localizer: ServerFixtures.spanish,
            reply: try Self.reply("drf-field-called-detail"))
        #expect(report.fields.isEmpty)
        #expect(report.general.contains("Ensure this field has no more than 10 characters."))
    }

    @Test(arguments: [
        ("/purchase_units/@reference_id=='A1'/amount/value", "purchase_units[@reference_id=='A1'].amount.value"),
        ("purchase_units[?(@.reference_id=='A1')].amount.value", "purchase_units[@reference_id=='A1'].amount.value"),
        ("#/items/1/qty", "items[1].qty"), ("items.1.qty", "items[1].qty"), ("items[1][qty]", "items[1].qty"),
    ])
    func pathSpellingsReadAlike(_ written: String, _ read: String) {
        #expect(ServerPath(written).description == read)
    }

    @Test func aTailMatchesOnlyWhenItIsUnique() {
        let matcher = ServerFieldMatcher(form: Self.form)
        #expect(matcher.fieldID(for: ServerPath("request.items[1].qty")) == "qty1")
        #expect(matcher.fieldID(for: ServerPath("[0].qty")) == "qty0")
        // `qty` alone could be either item: no guess.
        #expect(matcher.fieldID(for: ServerPath("order.qty")) == nil)
        // A different element (an index in the dropped head) is never a wrapper.
        #expect(matcher.fieldID(for: ServerPath("orders[3].items[1].qty")) == nil)
    }
}
