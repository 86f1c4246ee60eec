import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

@Suite struct ServerPathTests {
    typealias S = ServerPath.Segment

    @Test(
        arguments: [
            ("email", [S.name("email")]),
            ("address.city", [.name("address"), .name("city")]),
            ("items[0].qty", [.name("items"), .index(0), .name("qty")]),
            ("items.0.qty", [.name("items"), .index(0), .name("qty")]),
            ("card[number]", [.name("card"), .name("number")]),
            ("/data/attributes/email", [.name("data"), .name("attributes"), .name("email")]),
            ("/items/2/qty", [.name("items"), .index(2), .name("qty")]),
            ("#/profile/color", [.name("profile"), .name("color")]),
            ("/a~1b/c~0d", [.name("a/b"), .name("c~d")]),
            ("$.email", [.name("email")]),
            ("$.Items[1].Qty", [.name("Items"), .index(1), .name("Qty")]),
            ("$['email']", [.name("email")]),
        ] as [(String, [S])])
    func readsEverySpelling(_ text: String, _ expected: [S]) {
        #expect(ServerPath(text).segments == expected)
    }

    @Test func readsPydanticLocations() throws {
        let loc = try JSONParser.replies.parse(#"["body", "items", 0, "qty"]"#.utf8)
        let path = try #require(ServerPath(json: loc))
        #expect(path.segments == [.name("body"), .name("items"), .index(0), .name("qty")])
        #expect(path.withoutEnvelope.segments == [.name("items"), .index(0), .name("qty")])
        #expect(path.description == "body.items[0].qty")
    }

    @Test func keepsTheLastSegmentEvenWhenItLooksLikeAnEnvelope() {
        #expect(ServerPath("body").withoutEnvelope.segments == [.name("body")])
        #expect(ServerPath("/data/attributes/input").withoutEnvelope.segments == [.name("input")])
    }
}

@Suite struct ServerFieldMatcherTests {
    static let form = Form(
        id: "f", title: "F",
        fields: [
            Field(id: "userEmail", label: "Correo", serverNames: ["user.email", "/data/attributes/correo"]),
            Field(id: "full_name", label: "Nombre"),
            Field(id: "city", label: "Ciudad"),
            Field(id: "tags", label: "Etiquetas", kind: .multichoice),
            Field(id: "billingZip", label: "Código postal de facturación", serverNames: ["billing.zip"]),
            Field(id: "shippingZip", label: "Código postal de envío", serverNames: ["shipping.zip"]),
        ],
        submit: SubmitSpec(label: "Enviar", url: URL(fileURLWithPath: "/accounts")))

    @Test(arguments: [
        ("user_email", "userEmail"),
        ("userEmail", "userEmail"),
        ("user-email", "userEmail"),
        ("USER_EMAIL", "userEmail"),
        ("user.email", "userEmail"),
        ("/data/attributes/correo", "userEmail"),
        ("/data/attributes/userEmail", "userEmail"),
        ("fullName", "full_name"),
        ("Full-Name", "full_name"),
        ("$.full_name", "full_name"),
        ("address.city", "city"),
        ("#/address/city", "city"),
        ("tags[1]", "tags"),
        ("billing.zip", "billingZip"),
        ("shipping[zip]", "shippingZip"),
    ])
    func findsTheField(_ serverName: String, _ id: String) {
        #expect(ServerFieldMatcher(form: Self.form).fieldID(for: ServerPath(serverName)) == id)
    }

    @Test(arguments: ["zip", "age", "/data/attributes/phone", ""])
    func leavesUnknownAndAmbiguousNamesUnplaced(_ serverName: String) {
        #expect(ServerFieldMatcher(form: Self.form).fieldID(for: ServerPath(serverName)) == nil)
    }
}
