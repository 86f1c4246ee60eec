import Foundation
import Testing

@testable import VozForm
@testable import VozKit

@Suite struct RequestBodyTests {
    static func form(_ body: BodyEncoding) -> Form {
        Form(
            id: "f", title: "F",
            fields: [
                SampleFields.name, SampleFields.coupon, SampleFields.age, SampleFields.plan, SampleFields.extras,
                SampleFields.terms,
            ],
            submit: SubmitSpec(label: "Enviar", url: URL(fileURLWithPath: "/"), body: body))
    }

    static let values = FormValues([
        "name": .text("Ana \"la\" Pérez\n"), "coupon": .text(""), "age": .number(42.5), "plan": .text("pro"),
        "extras": .list(["backup", "domain"]), "terms": .bool(true),
    ])

    @Test func jsonHasOneTypedMemberPerFieldInFormOrder() throws {
        let body = RequestBody.make(values: Self.values, form: Self.form(.json))
        #expect(body.contentType == "application/json")
        let text = String(decoding: body.data, as: UTF8.self)
        #expect(
            text == #"{"name":"Ana \"la\" Pérez\n","age":42.5,"plan":"pro","extras":["backup","domain"],"terms":true}"#)
        // Whatever we write, a standard parser must read back.
        let object = try #require(try JSONSerialization.jsonObject(with: body.data) as? [String: Any])
        #expect(object["coupon"] == nil)
        #expect(object["terms"] as? Bool == true)
    }

    @Test func wholeNumbersHaveNoDecimals() {
        let body = RequestBody.make(values: FormValues(["age": .number(30)]), form: Self.form(.json))
        #expect(String(decoding: body.data, as: UTF8.self) == #"{"age":30}"#)
    }

    @Test func formEncodingRepeatsMultichoiceNames() {
        let body = RequestBody.make(values: Self.values, form: Self.form(.form))
        #expect(body.contentType == "application/x-www-form-urlencoded")
        #expect(
            String(decoding: body.data, as: UTF8.self)
                == "name=Ana+%22la%22+P%C3%A9rez%0A&age=42.5&plan=pro&extras=backup&extras=domain&terms=true")
    }
}
