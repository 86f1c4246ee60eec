import Foundation
import Testing
import VozTestTraits

@testable import VozDemoService

/// One account per address, also when the second address only looks the same: another script's letter, a long s,
/// full-width letters or an invisible character in place of the plain ones (issue 37).
@Suite(.ownThread) struct LookAlikeEmailTests {
    static let original = "registrada@example.com"

    /// Each row is the address with one look-alike in it; each was a second account before.
    @Test(arguments: [
        ("Cyrillic а (U+0430)", "registr\u{0430}d\u{0430}@ex\u{0430}mple.com"),
        ("long s (U+017F)", "regi\u{017F}trada@example.com"),
        ("Cyrillic capital Е and Ѕ", "R\u{0415}GI\u{0405}TRADA@EXAMPLE.COM"),
        ("Greek ο in the domain", "registrada@example.c\u{03BF}m"),
        ("full-width letters", "\u{FF52}egistrada@example.com"),
        ("an invisible variation selector", "registrada\u{FE0F}@example.com"),
    ])
    func aLookAlikeIsTheSameDuplicateAsThePlainAddress(what: String, email: String) async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        #expect(await demo.createAccount(DemoFixture.validBody(email: Self.original))?.status == 201)
        let plain = try #require(await demo.createAccount(DemoFixture.validBody(email: Self.original)))
        let reply = try #require(await demo.createAccount(DemoFixture.validBody(email: email)))
        #expect(reply.status == 409, "\(what): \(reply.text)")
        #expect(reply.status == plain.status)
        #expect(reply.fieldErrors.map(\.pointer) == ["#/email"])
        #expect(reply.fieldErrors.map(\.detail) == plain.fieldErrors.map(\.detail))
        #expect(await demo.listedAccounts().count == 1, "\(what) made a second account")
    }

    /// The other order: the look-alike registered first keeps the plain address from a second account.
    @Test func thePlainAddressAfterItsLookAlikeIsADuplicate() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        #expect(await demo.createAccount(DemoFixture.validBody(email: "ana@ex\u{0430}mple.com"))?.status == 201)
        #expect(await demo.createAccount(DemoFixture.validBody(email: "ana@example.com"))?.status == 409)
        #expect(await demo.listedAccounts().count == 1)
    }

    /// Addresses a person tells apart stay apart: an accent is not a look-alike, nor another letter.
    @Test(arguments: ["jose@example.com", "registradas@example.com", "registrada@example.org"])
    func differentAddressesAreStillDifferentAccounts(email: String) async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        #expect(await demo.createAccount(DemoFixture.validBody(email: "jos\u{00E9}@example.com"))?.status == 201)
        #expect(await demo.createAccount(DemoFixture.validBody(email: Self.original))?.status == 201)
        #expect(await demo.createAccount(DemoFixture.validBody(email: email))?.status == 201)
    }

    /// The blocked domain written with look-alikes is blocked as the plain one is.
    @Test(arguments: ["eve@bl\u{043E}cked.example", "eve@\u{FF42}locked.example", "eve@blocked.\u{0435}xample"])
    func aLookAlikeOfTheBlockedDomainIsBlocked(email: String) async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let reply = try #require(await demo.createAccount(DemoFixture.validBody(email: email)))
        #expect(reply.status == 403, "\(reply.text)")
        #expect(await demo.listedAccounts().isEmpty)
    }

    /// A database written before look-alikes were keyed gets its accounts' keys when it opens.
    @Test func anOlderDatabaseGetsItsKeys() async throws {
        let path = NSTemporaryDirectory() + "voz-keys-\(UUID().uuidString.prefix(8)).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try SQLiteDatabase(path: path)
        try old.execute(
            """
            CREATE TABLE accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE COLLATE NOCASE,
            password_hash TEXT NOT NULL, coupon TEXT, plan TEXT, created TEXT NOT NULL)
            """)
        try old.execute(
            "INSERT INTO accounts VALUES ('old', 'Ana', 'registrada@example.com', '!', NULL, NULL, '2026-01-01')")
        old.close()
        let demo = try DemoFixture(databasePath: path)
        defer { demo.stop() }
        let reply = try #require(
            await demo.createAccount(DemoFixture.validBody(email: "regi\u{017F}trada@example.com")))
        #expect(reply.status == 409, "\(reply.text)")
    }

    @Test func everyLookAlikeStandsForAnASCIILetterOfAnotherScript() {
        for (other, latin) in EmailIdentity.latinLookAlikes {
            #expect(!other.isASCII && latin.isASCII && latin.properties.isAlphabetic, "\(other) → \(latin)")
        }
        #expect(EmailIdentity.latinLookAlikes.count == 70)
    }
}
