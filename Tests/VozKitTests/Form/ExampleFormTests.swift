import Foundation
import Testing

@testable import VozForm
@testable import VozKit

@Suite struct ExampleFormTests {
    static let examples = ["crear-cuenta.json", "create-account.json"]

    @Test(arguments: examples)
    func exampleLoadsWithTheDemoServiceIDs(name: String) throws {
        let document = try FormFile.load(path: FormFixtures.examples.appendingPathComponent(name).path)
        let form = document.form
        #expect(form.fields.map(\.id) == ["name", "email", "password", "coupon", "plan", "terms"])
        #expect(form.fields.map(\.kind) == [.text, .email, .secret, .text, .choice, .confirm])
        #expect(form.field(id: "password")?.rules.minLength == 8)
        #expect(form.field(id: "coupon")?.required == false)
        #expect(form.field(id: "terms")?.required == true)
        #expect(form.submit.url.absoluteString == "http://127.0.0.1:8080/accounts")
        #expect(form.submit.method == .post)
        #expect(form.submit.body == .json)
        #expect(form.submit.idempotencyHeader == "Idempotency-Key")
        #expect(form.submit.review)
        #expect(form.fields.allSatisfy { $0.hint != nil })
    }

    @Test func bothExamplesSendTheSameValues() throws {
        let spanish = try FormFile.load(path: FormFixtures.examples.appendingPathComponent("crear-cuenta.json").path)
        let english = try FormFile.load(path: FormFixtures.examples.appendingPathComponent("create-account.json").path)
        #expect(spanish.form.fields.map(\.options.count) == english.form.fields.map(\.options.count))
        #expect(
            spanish.form.field(id: "plan")?.options.map(\.value) == english.form.field(id: "plan")?.options.map(\.value)
        )
        #expect(spanish.form.submit.label == "Crear cuenta")
        #expect(spanish.form.submit.busyLabel == "Enviando")
        #expect(english.form.submit.label == "Create account")
        #expect(english.form.submit.busyLabel == "Sending")
    }

    @Test func sourceMapHasALineForEveryPath() throws {
        let document = try FormFile.load(path: FormFixtures.examples.appendingPathComponent("crear-cuenta.json").path)
        let map = document.sourceMap
        #expect(map.lines["id"] == 2)
        #expect(map.lines["fields"] == 5)
        #expect(map.lines["fields[0]"] == 6)
        #expect(map.lines["fields[0].label"] == 8)
        #expect(map.lines["fields[4].options[1].value"] != nil)
        #expect(map.lines["submit.url"] != nil)
        #expect(map.line(for: "fields[2].rules.minLength") == map.lines["fields[2].rules.minLength"])
        #expect(map.line(for: "fields[0].rules.pattern") == map.lines["fields[0].rules"])
    }
}
