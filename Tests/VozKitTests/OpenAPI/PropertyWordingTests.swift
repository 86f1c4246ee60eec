import Foundation
import Testing
import VozJSON

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozOpenAPI

/// Labels made from property names as a voice says them, and a payment card's members named by their neighbours
/// (issue 40).
@Suite("Property names in words, and a card's members by their neighbours")
struct PropertyWordingTests {
    @Test(arguments: [
        ("cvc", "CVC"), ("iban", "IBAN"), ("Iban", "IBAN"), ("isbn", "ISBN"), ("vat_number", "VAT number"),
        ("card_cvc", "Card CVC"), ("birth_date", "Birth date"), ("email", "Email"), ("userId", "User id"),
    ])
    func initialismsAreWrittenInCapitals(name: String, label: String) {
        #expect(SchemaWording.words(name) == label)
    }

    /// An acronym run into the next word, and a plural initialism, as the held-back descriptions write them.
    @Test(arguments: [
        ("SICCode", "SIC code"), ("NAICSCode", "NAICS code"), ("APIKey", "API key"), ("userIDs", "User ids"),
        ("redirectUris", "Redirect URIs"), ("logoUri", "Logo URI"), ("totp", "TOTP"), ("vrn", "VRN"),
        ("moto", "MOTO"), ("URLs", "URLs"), ("status", "Status"),
    ])
    func acronymsRunIntoWordsAndPluralsAreSpelled(name: String, label: String) {
        #expect(SchemaWording.words(name) == label)
    }

    @Test(arguments: [
        ("children", "child"), ("guestChildren", "guestChild"), ("people", "person"), ("passengers", "passenger"),
        ("addresses", "address"), ("countries", "country"), ("boxes", "box"), ("matches", "match"),
        ("statuses", "status"), ("series", "series"), ("status", "status"), ("data", "data"),
        ("women", "woman"), ("specimen", "specimen"),
    ])
    func aPluralNameGivesItsSingular(plural: String, singular: String) {
        #expect(SchemaFieldMapper.singular(plural) == singular)
    }

    static func spec(_ properties: String, summary: String = "Pay") throws -> SpecDocument {
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "Shop", "version": "1"},
             "servers": [{"url": "http://127.0.0.1:1"}],
             "paths": {
               "/charges": {"post": {"operationId": "createCharge", "summary": "\#(summary)",
                 "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                   \#(properties)}}}}}}},
               "/refunds": {"post": {"operationId": "createRefund",
                 "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                   "amount": {"type": "integer"}}}}}}},
                          "get": {"operationId": "listRefunds", "summary": "List\n  refunds"}}}}
            """#
        return SpecDocument(file: "shop.json", root: try JSONParser().parse(Array(text.utf8)))
    }

    static func form(_ document: SpecDocument) throws -> Form {
        try OpenAPIFormBuilder.form(openAPI: document, operation: "createCharge", server: nil).document(
            path: "shop.json"
        ).form
    }

    @Test func aGroupItemIsCalledInTheSingular() throws {
        let document = try Self.spec(
            #""children": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}"#)
        let group = try #require(try Self.form(document).fields.first { $0.id == "children" })
        #expect(group.itemLabel == "Child")
        #expect(GroupWording.itemTitle(group, number: 1, Localizer(language: .en)).hasPrefix("Child 1"))
    }

    @Test func theOperationsAreListedWithTheirMethodPathAndSummary() throws {
        let listed = try OpenAPIFormBuilder.operationSummaries(in: try Self.spec(#""amount": {"type": "integer"}"#))
        #expect(
            listed == [
                .init(name: "createCharge", method: "POST", path: "/charges", summary: "Pay"),
                .init(name: "createRefund", method: "POST", path: "/refunds", summary: ""),
                .init(name: "listRefunds", method: "GET", path: "/refunds", summary: "List refunds"),
            ])
    }

    /// Stripe's card source: `number` beside `cvc` and `exp_month`, under a branch whose path says nothing of a
    /// card. The number is the card's, so it is never kept in a draft.
    @Test func aCardsNumberIsKnownByItsNeighbours() throws {
        let document = try Self.spec(
            #"""
            "source": {"type": "object", "description": "The card to charge.", "properties": {
              "number": {"type": "string", "description": "The card number, as a string without any separators."},
              "exp_month": {"type": "integer", "description": "Two-digit number representing the card's expiration month."},
              "exp_year": {"type": "integer", "description": "Four-digit number of the card's expiration year."},
              "cvc": {"type": "string", "description": "Card security code."}}}
            """#)
        let form = try Self.form(document)
        let purposes = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.id, $0.purpose ?? "none") })
        #expect(purposes["source.number"] == "cc-number")
        #expect(purposes["source.cvc"] == "cc-csc")
        #expect(purposes["source.exp_month"] == "cc-exp-month")
        let number = try #require(form.fields.first { $0.id == "source.number" })
        #expect(number.isSensitive && number.isCardNumber)
    }

    /// A `number` beside nothing of a card stays a plain number: an order's, a house's.
    @Test func aNumberWithoutCardNeighboursHasNoPurpose() throws {
        let document = try Self.spec(
            #""order": {"type": "object", "properties": {"number": {"type": "string"}, "note": {"type": "string"}}}"#)
        let number = try #require(try Self.form(document).fields.first { $0.id == "order.number" })
        #expect(number.purpose == nil)
    }

    /// A member required inside an object the body may leave out is not required: the object is what is given or
    /// not; inside a required object it stays required.
    @Test func aRequiredMemberOfAnOptionalObjectIsNotRequired() throws {
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "Shop", "version": "1"}, "servers": [{"url": "http://127.0.0.1:1"}],
             "paths": {"/charges": {"post": {"operationId": "createCharge", "summary": "Pay",
               "requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": ["shipping"],
                 "properties": {
                   "billing": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"},
                     "geo": {"type": "object", "required": ["lat"], "properties": {"lat": {"type": "string"}}}}},
                   "shipping": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}
                 }}}}}}}}}
            """#
        let form = try Self.form(SpecDocument(file: "shop.json", root: try JSONParser().parse(Array(text.utf8))))
        let required = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.id, $0.required) })
        #expect(required["billing.city"] == false)
        #expect(required["billing.geo.lat"] == false)
        #expect(required["shipping.city"] == true)
    }

    /// Square's address and card: a member whose own name means nothing known takes no purpose from its object's
    /// word ("address", "card"), while the names that do mean one are known.
    @Test func aMemberDoesNotTakeItsObjectsWordForItsPurpose() throws {
        let document = try Self.spec(
            #"""
            "address": {"type": "object", "properties": {
              "address_line_3": {"type": "string"}, "sublocality": {"type": "string"},
              "administrative_district_level_1": {"type": "string"}, "locality": {"type": "string"}}},
            "card": {"type": "object", "properties": {
              "customer_id": {"type": "string"}, "reference_id": {"type": "string"}, "exp_month": {"type": "integer"},
              "number": {"type": "string"}}}
            """#)
        let form = try Self.form(document)
        let purposes = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.id, $0.purpose ?? "none") })
        #expect(purposes["address.address_line_3"] == "address-line3")
        #expect(purposes["address.sublocality"] == "none")
        #expect(purposes["address.administrative_district_level_1"] == "address-level1")
        #expect(purposes["address.locality"] == "address-level2")
        #expect(purposes["card.customer_id"] == "none")
        #expect(purposes["card.reference_id"] == "none")
        #expect(purposes["card.exp_month"] == "cc-exp-month")
        #expect(purposes["card.number"] == "cc-number")
    }
}
