import Foundation
import Testing
import VozTestTraits

@testable import VozDemoService

/// `POST /accounts` and `GET /accounts` over real loopback HTTP.
@Suite(.ownThread) struct AccountsEndpointTests {
    @Test func createsAnAccountAndListsItWithoutThePassword() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let reply = try #require(await demo.createAccount(DemoFixture.validBody(password: "s3cret-Pa55")))
        #expect(reply.status == 201, "the service's failures: \(demo.service.internalFailures())")
        #expect(reply.header("Content-Type") == "application/json")
        let id = try #require(reply.json?["id"] as? String)
        #expect(reply.json?["email"] as? String == "ana@example.com")
        #expect(reply.header("Location") == "/accounts/\(id)")

        let listing = try #require(await demo.get("/accounts"))
        #expect(listing.status == 200)
        #expect(!listing.text.contains("s3cret-Pa55"))
        #expect(!listing.text.contains("password"))
        let accounts = await demo.listedAccounts()
        #expect(accounts.count == 1)
        #expect(accounts.first?["id"] as? String == id)
        #expect((accounts.first?["created"] as? String)?.hasSuffix("Z") == true)
        #expect(demo.service.accounts().map(\.id) == [id])
    }

    /// The database holds the standard yescrypt string of the password, never the password, and it checks out.
    @Test func theDatabaseHoldsAYescryptHashOfThePassword() async throws {
        let path = NSTemporaryDirectory() + "voz-hash-\(UUID().uuidString.prefix(8)).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let demo = try DemoFixture(databasePath: path)
        defer { demo.stop() }
        #expect(await demo.createAccount(DemoFixture.validBody(password: "s3cret-Pa55"))?.status == 201)
        let database = try SQLiteDatabase(path: path)
        defer { database.close() }
        let statement = try database.prepare("SELECT password_hash FROM accounts")
        #expect(try statement.step())
        let stored = try #require(statement.text(0))
        #expect(stored.hasPrefix("$y$"))
        #expect(!stored.contains("s3cret"))
        #expect(PasswordHasher().verify("s3cret-Pa55", against: stored))
        #expect(!PasswordHasher().verify("s3cret-Pa56", against: stored))
    }

    /// `voz demo`'s known account exists, so its address is a duplicate, and is locked: no password opens it, and
    /// starting the service hashes nothing.
    @Test func theKnownAccountIsADuplicateThatNoPasswordOpens() async throws {
        let path = NSTemporaryDirectory() + "voz-known-\(UUID().uuidString.prefix(8)).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let service = DemoService(
            configuration: DemoConfiguration(
                databasePath: path, passwordCost: PasswordHasher.testCost, seedsKnownAccount: true))
        let port = try service.start()
        defer { service.stop() }
        let body = DemoFixture.validBody(email: DemoService.knownEmail)
        let reply = try #require(
            await RawHTTPClient.exchange(
                port: port, bytes: RawHTTPClient.request("POST", "/accounts", body: body),
                timeout: DemoFixture.wellFormedTimeout))
        #expect(reply.status == 409)
        let database = try SQLiteDatabase(path: path)
        defer { database.close() }
        let statement = try database.prepare("SELECT password_hash FROM accounts")
        #expect(try statement.step())
        let stored = try #require(statement.text(0))
        #expect(stored == PasswordHasher.locked)
        for password in ["", "!", "correct horse", stored] {
            #expect(!PasswordHasher(cost: PasswordHasher.testCost).verify(password, against: stored))
        }
    }

    @Test func duplicateEmailIsAConflictOnTheEmailField() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        #expect(await demo.createAccount(DemoFixture.validBody())?.status == 201)
        let reply = try #require(
            await demo.createAccount(DemoFixture.validBody(email: "ANA@example.com"), language: "es"))
        #expect(reply.status == 409, "the service's failures: \(demo.service.internalFailures())")
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.json?["status"] as? Int == 409)
        #expect(reply.fieldErrors.map(\.pointer) == ["#/email"])
        #expect(reply.fieldErrors.first?.detail == "Este correo electrónico ya está registrado.")
        #expect(await demo.listedAccounts().count == 1)
    }

    /// One row per rule and language: the body breaks exactly that rule.
    @Test(arguments: [
        ("email", #""email": "ana@example""#, "en", "Enter an e-mail address like name@example.com."),
        ("email", #""email": "ana@example""#, "es", "Escribe un correo electrónico como nombre@ejemplo.com."),
        ("email", #""email": """#, "en", "Enter your e-mail address."),
        ("email", #""email": """#, "es", "Escribe tu correo electrónico."),
        ("password", #""password": "short""#, "en", "The password must have at least 8 characters."),
        ("password", #""password": "short""#, "es", "La contraseña debe tener al menos 8 caracteres."),
        ("coupon", #""coupon": "CADUCADO""#, "en", "This coupon has expired."),
        ("coupon", #""coupon": "expired""#, "es", "Este cupón ha caducado."),
        ("terms", #""terms": false"#, "en", "You must accept the terms to continue."),
        ("terms", #""terms": "no""#, "es", "Debes aceptar las condiciones para continuar."),
        ("name", #""name": "  ""#, "en", "Enter your name."),
        ("name", #""name": "  ""#, "es", "Escribe tu nombre."),
    ])
    func eachRuleIsAFieldErrorInTheRequestedLanguage(
        field: String, member: String, language: String, message: String
    ) async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let reply = try #require(
            await demo.createAccount(Self.body(replacing: field, with: member), language: language))
        #expect(reply.status == 422)
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.header("Content-Language") == language)
        #expect(reply.json?["type"] as? String == "https://demo.voz.example/problems/validation")
        #expect(reply.json?["title"] as? String != nil)
        #expect(reply.json?["detail"] as? String != nil)
        #expect(reply.fieldErrors.count == 1)
        #expect(reply.fieldErrors.first?.pointer == "#/\(field)")
        #expect(reply.fieldErrors.first?.detail == message)
        #expect(await demo.listedAccounts().isEmpty)
    }

    @Test func everyFailureIsReportedAtOnce() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let body = #"{"password": "1234", "email": "not-an-address", "coupon": "EXPIRED", "name": "Bo"}"#
        let reply = try #require(await demo.createAccount(body, language: "es-ES,es;q=0.9,en;q=0.5"))
        #expect(reply.status == 422)
        #expect(Set(reply.fieldErrors.map(\.pointer)) == ["#/coupon", "#/email", "#/password", "#/terms"])
        #expect(reply.header("Content-Language") == "es")
    }

    @Test func aValidationErrorOnATakenAddressAlsoNamesTheDuplicate() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        #expect(await demo.createAccount(DemoFixture.validBody())?.status == 201)
        let body = #"{"name": "Ana", "email": "ana@example.com", "password": "x", "terms": true}"#
        let reply = try #require(await demo.createAccount(body))
        #expect(reply.status == 422)
        #expect(reply.fieldErrors.map(\.pointer) == ["#/email", "#/password"])
        #expect(reply.fieldErrors.first?.detail == "This e-mail address is already registered.")
    }

    @Test(arguments: ["en", "es"])
    func blockedAddressIsAGeneralPermanentError(language: String) async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let reply = try #require(
            await demo.createAccount(DemoFixture.validBody(email: "eve@Blocked.Example"), language: language))
        #expect(reply.status == 403)
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.json?["type"] as? String == "https://demo.voz.example/problems/account-blocked")
        #expect(reply.json?["errors"] == nil)
        let detail = try #require(reply.json?["detail"] as? String)
        #expect(detail.hasPrefix(language == "es" ? "Esta cuenta está bloqueada" : "This account is blocked"))
        #expect(await demo.listedAccounts().isEmpty)
    }

    @Test func formEncodedBodiesAreAcceptedToo() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let body = "name=Ana+Mar%C3%ADa&email=ana%40example.com&password=correct+horse&terms=on"
        let reply = try #require(
            await RawHTTPClient.exchange(
                port: demo.port,
                bytes: RawHTTPClient.request(
                    "POST", "/accounts", body: body, contentType: "application/x-www-form-urlencoded")))
        #expect(reply.status == 201)
        #expect(reply.json?["email"] as? String == "ana@example.com")
    }

    @Test func theDatabaseNeverHoldsThePassword() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voz-demo-secret-\(UUID()).sqlite")
            .path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let demo = try DemoFixture(databasePath: path)
        let secret = "Zebra-Quasar-7741"
        #expect(await demo.createAccount(DemoFixture.validBody(password: secret), key: "secret-key")?.status == 201)
        #expect(await demo.createAccount(DemoFixture.validBody(password: secret), key: "secret-key")?.status == 201)
        demo.stop()
        var bytes = Data()
        for suffix in ["", "-wal", "-shm"] {
            bytes.append((try? Data(contentsOf: URL(fileURLWithPath: path + suffix))) ?? Data())
        }
        #expect(!bytes.isEmpty)
        #expect(bytes.range(of: Data(secret.utf8)) == nil)
        #expect(bytes.range(of: Data("ana@example.com".utf8)) != nil)
    }

    // MARK: - Bodies

    /// A valid body with one member replaced.
    static func body(replacing field: String, with member: String) -> String {
        let members = [
            "name": #""name": "Ana""#, "email": #""email": "ana@example.com""#,
            "password": #""password": "correct horse""#, "coupon": #""coupon": "BIENVENIDA""#,
            "terms": #""terms": true"#,
        ]
        let chosen = members.map { $0.key == field ? member : $0.value }
        return "{" + chosen.joined(separator: ", ") + "}"
    }
}
