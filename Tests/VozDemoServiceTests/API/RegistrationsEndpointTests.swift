import Foundation
import Testing
import VozTestTraits

@testable import VozDemoService

/// `POST /events/{slug}/registrations` over real loopback HTTP: a nested body with a list and a group, and
/// field errors that point into them.
@Suite(.ownThread) struct RegistrationsEndpointTests {
    static let valid = #"""
        {"contact":{"name":"Ana","email":"ana@example.com"},"seats":2,"tags":["voz"],
         "guests":[{"name":"Luis","email":"luis@example.com","role":"asistente"}],
         "payment":{"method":"card","card":{"number":"4242 4242 4242 4242"},"type":"card_payment"}}
        """#

    private func register(_ demo: DemoFixture, slug: String, _ body: String) async -> RawReply? {
        await RawHTTPClient.exchange(
            port: demo.port,
            bytes: RawHTTPClient.request(
                "POST", "/events/\(slug)/registrations", body: body, headers: ["Accept-Language: en"]))
    }

    @Test func aValidRegistrationIsCreated() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let reply = try #require(await register(demo, slug: "taller-swift", Self.valid))
        #expect(reply.status == 201, "\(reply.text)")
        #expect(reply.json?["event"] as? String == "taller-swift")
        #expect(reply.json?["seats"] as? Int == 2)
    }

    @Test func errorsPointIntoTheNestedBodyTheListAndTheGroup() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let body = Self.valid
            .replacingOccurrences(of: #""tags":["voz"]"#, with: #""tags":["voz","spam"]"#)
            .replacingOccurrences(of: "luis@example.com", with: "luis@blocked.example")
            .replacingOccurrences(of: "4242 4242 4242 4242", with: "4242 4242 4242 4241")
            .replacingOccurrences(of: "ana@example.com", with: "ana")
        let reply = try #require(await register(demo, slug: "taller-swift", body))
        #expect(reply.status == 422)
        #expect(
            reply.fieldErrors.map(\.pointer) == [
                "#/contact/email", "#/tags/1", "#/guests/0/email", "#/payment/card/number",
            ])
        #expect(reply.fieldErrors.first?.detail == "Enter an e-mail address like name@example.com.")
    }

    @Test(arguments: [#""seats":"2""#, #""seats":0"#, #""seats":2.5"#])
    func seatsMustBeAWholeNumberFromOneToNine(seats: String) async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let reply = try #require(
            await register(demo, slug: "taller-swift", Self.valid.replacingOccurrences(of: #""seats":2"#, with: seats)))
        #expect(reply.fieldErrors.map(\.pointer) == ["#/seats"])
    }

    @Test func anUnknownEventIsNotFound() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        #expect(await register(demo, slug: "otro", Self.valid)?.status == 404)
        #expect(Registration.luhn("4242424242424242"))
        #expect(!Registration.luhn("4242424242424241"))
    }
}
