import Foundation
import Testing
import VozJSON
import VozKit
import VozTestSupport
import VozTestTraits

@testable import VozDemoService

/// `GET /openapi.json`: the service describes exactly what it does. Checked by a real validator, by sending it
/// every operation it lists, and by sending it bodies made from the form its description gives.
@Suite(.ownThread) struct OpenAPIDescriptionTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The description as served, read by Voz's own loader from the service's address.
    private func description(_ demo: DemoFixture) async throws -> SpecDocument {
        try await SpecDocument.load("http://127.0.0.1:\(demo.port)/openapi.json", loader: CurlSpecLoader())
    }

    @Test func itIsServedAsJSONWithRelativeServers() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let reply = try #require(await demo.get("/openapi.json"))
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/json")
        let document = try await description(demo)
        #expect(document.root["openapi"]?.string == "3.1.0")
        #expect(document.root["servers"]?.elements?.first?["url"]?.string == "/")
        let ids = (document.root["paths"]?.members ?? []).flatMap { path in
            (path.value.members ?? []).compactMap { $0.value["operationId"]?.string }
        }
        #expect(
            ids == [
                "getHealth", "listAccounts", "createAccount", "createRegistration", "listRequests", "getDescription",
            ])
    }

    /// openapi-spec-validator (PyPI, pinned in the Makefile, installed by `make test` into .build/pydeps).
    @Test func aRealValidatorAcceptsItAndRefusesABrokenCopy() async throws {
        let pydeps = Self.packageRoot.appendingPathComponent(".build/pydeps")
        try #require(
            FileManager.default.fileExists(atPath: pydeps.appendingPathComponent("openapi_spec_validator").path),
            "openapi-spec-validator is installed by make test into .build/pydeps")
        let demo = try DemoFixture()
        defer { demo.stop() }
        let body = try #require(await demo.get("/openapi.json")?.body)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("demo.json")
        try body.write(to: good)
        // The same description with an operation that answers nothing: a validator that passes it checks nothing.
        let broken = folder.appendingPathComponent("broken.json")
        try Data(
            String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\"responses\"", with: "\"replies\"").utf8
        )
        .write(to: broken)
        #expect(try await validate(good, pythonPath: pydeps) == 0)
        #expect(try await validate(broken, pythonPath: pydeps) != 0)
    }

    private func validate(_ file: URL, pythonPath: URL) async throws -> Int32 {
        try await ChildProcess.run(
            executable: "/usr/bin/python3", arguments: ["-m", "openapi_spec_validator", file.path],
            environment: ["PYTHONPATH": pythonPath.path, "PATH": "/usr/bin:/bin"]
        ).status
    }

    @Test func everyOperationItListsIsServedAndNoOther() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let document = try await description(demo)
        for path in document.root["paths"]?.members ?? [] {
            let concrete = path.key.replacingOccurrences(of: "{slug}", with: Registration.events.sorted()[0])
            let listed = Set((path.value.members ?? []).map { $0.key.uppercased() })
            for method in ["GET", "POST", "PUT", "DELETE"] {
                let bytes = RawHTTPClient.request(method, concrete, body: method == "GET" ? nil : "{}")
                let reply = try #require(await RawHTTPClient.exchange(port: demo.port, bytes: bytes))
                if listed.contains(method) {
                    #expect(![404, 405].contains(reply.status), "\(method) \(concrete): \(reply.status)")
                } else {
                    #expect(reply.status == 405, "\(method) \(concrete) is not listed but answered \(reply.status)")
                }
            }
        }
    }

    @Test func itsFormsPassTheirOwnAuditAndOnlyItsReadsAreNotForms() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let result = try OpenAPIAudit.audit(try await description(demo), localizer: Localizer(language: .en))
        #expect(result.violations.isEmpty, "\(result.violations.map { $0.messageText(Localizer(language: .en)) })")
        #expect(
            result.incomplete.map { $0.messageText(Localizer(language: .en)).prefix { $0 != " " } } == [
                "getHealth", "listAccounts", "listRequests", "getDescription",
            ])
    }

    /// What a listener hears of the generated forms: no bound said twice, no "Optional." Voz says in its own
    /// words, the plan the service takes by default, each length the service checks stated in the hint.
    @Test func itsFormsSayWhatTheHandWrittenOnesSay() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let document = try await description(demo)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "createAccount", server: nil)
        let account = try output.document(path: "openapi.json").form
        // Its Idempotency-Key is the one Voz makes for each send, not a header left for the user to configure.
        #expect(account.submit.idempotencyHeader == "Idempotency-Key")
        #expect(output.notes.isEmpty, "\(output.notes)")
        #expect(account.fields.first { $0.id == "plan" }?.defaultValue == "free")
        #expect(account.fields.first { $0.id == "coupon" }?.hint == "A coupon that has run out is refused.")
        let registration = try OpenAPIFormBuilder.form(openAPI: document, operation: "createRegistration", server: nil)
            .document(path: "openapi.json").form
        let seats = try #require(registration.fields.first { $0.id == "seats" })
        // Voz says "a whole number between 1 and 9" itself; the hint says something else.
        #expect(!(seats.hint ?? "").contains("9"))
        let iban = try #require(registration.fields.first { $0.bodyPath.last == "iban" })
        #expect(iban.hint?.contains("15") == true)
        // The service's own word for success, as the hand-written form's "Cuenta creada.", not "Form sent.".
        #expect(account.messages["server.success"] == "The account was created.")
        #expect(registration.messages["server.success"] == "The registration was made.")
    }

    @Test func everyEventItListsHasANameForPeople() {
        #expect(Set(OpenAPIDescription.eventNames.keys) == Registration.events)
        #expect(Set(AccountValidator.plans) == ["free", "pro", "business"])
    }

    // MARK: - The form it gives

    /// A value for each field that its rules allow: the example, the first option, a yes, or text long enough.
    private func acceptable(_ field: Field) -> FieldValue {
        switch field.kind {
        case .confirm: return .bool(true)
        case .choice: return .text(field.options.first?.value ?? "")
        case .email: return .text("ana.\(UUID().uuidString.prefix(6))@example.com")
        default:
            let text = field.placeholder ?? "Ana"
            return .text(text + String(repeating: "x", count: max(0, (field.rules.minLength ?? 0) - text.count)))
        }
    }

    private func post(_ values: FormValues, form: Form, demo: DemoFixture) async throws -> RawReply {
        let body = RequestBody.make(values: values, form: form)
        let bytes = RawHTTPClient.request(
            "POST", form.submit.url.path, body: String(decoding: body.data, as: UTF8.self),
            contentType: body.contentType)
        return try #require(await RawHTTPClient.exchange(port: demo.port, bytes: bytes))
    }

    @Test func aBodyMadeFromItsFormIsAcceptedAndEachBoundItStatesIsTheServicesOwn() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let document = try await description(demo)
        let problemMembers = (document.node(at: "#/components/schemas/Problem/required")?.elements ?? [])
            .compactMap(\.string)
        #expect(problemMembers == ["type", "title", "status", "detail"])
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "createAccount", server: nil)
        let form = try output.document(path: "openapi.json").form
        #expect(form.submit.url.absoluteString == "http://127.0.0.1:\(demo.port)/accounts")
        var values = FormValues()
        for field in form.fields { values[field.id] = acceptable(field) }
        #expect(try await post(values, form: form, demo: demo).status == 201)

        // Each rule the description states, broken alone, is refused by the service on that very field.
        for field in form.fields {
            var broken: FieldValue?
            if let minimum = field.rules.minLength, minimum > 1 {
                broken = .text(String(repeating: "x", count: minimum - 1))
            } else if field.kind == .choice {
                broken = .text("platinum")
            } else if field.required {
                broken = field.kind == .confirm ? .bool(false) : .text("")
            }
            guard let broken else { continue }
            var wrong = values
            // A new address each time, so the account made above does not add its own conflict.
            for email in form.fields where email.kind == .email { wrong[email.id] = acceptable(email) }
            wrong[field.id] = broken
            let reply = try await post(wrong, form: form, demo: demo)
            #expect(reply.status == 422, "\(field.id) = \(broken): \(reply.status)")
            // The problem details the description promises, as the service really sends them.
            #expect(reply.header("Content-Type") == "application/problem+json")
            #expect(problemMembers.allSatisfy { reply.json?[$0] != nil })
            let pointers = (reply.json?["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
            #expect(pointers == ["#/" + field.bodyPath.joined(separator: "/")], "\(field.id): \(pointers)")
        }
    }
}
