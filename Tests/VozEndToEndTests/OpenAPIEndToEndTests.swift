import Foundation
import Testing
import VozKit
import VozTranscript

/// `voz run --openapi` and `voz audit --openapi` (issue 17): the real binary against the real demo service, which
/// serves its own description at /openapi.json, with scripted answers and the transcript read back.
@Suite struct OpenAPIEndToEndTests {
    static let audited = "Tests/VozKitTests/Fixtures/OpenAPI/audited.yaml"

    /// One `voz run --openapi URL --operation createAccount` with `answers`, in the language `lang`.
    private func run(
        _ server: DemoServer, answers: [String], lang: String = "C.UTF-8", folder: TemporaryFolder
    ) async throws -> (VozProcess.Output, [TranscriptEvent]) {
        let transcript = folder.url.appendingPathComponent("transcript.jsonl").path
        let output = try await VozProcess.run(
            [
                "run", "--openapi", server.baseURL.appendingPathComponent("openapi.json").absoluteString,
                "--operation", "createAccount", "--speech", "none", "--transcript", transcript, "--log",
                folder.url.appendingPathComponent("voz.log").path,
            ],
            input: answers.joined(separator: "\n") + "\n",
            environment: VozProcess.environment(home: folder.url, extra: ["LANG": lang]))
        let text = (try? String(contentsOfFile: transcript, encoding: .utf8)) ?? ""
        let events = text.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(TranscriptEvent.self, from: Data($0.utf8))
        }
        return (output, events)
    }

    @Test func theDemoServicesOwnDescriptionCreatesAnAccount() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let folder = TemporaryFolder()
        let email = "openapi-\(UUID().uuidString.prefix(6).lowercased())@example.com"
        let (output, events) = try await run(
            server, answers: ["Ana Pérez", email, "secreto123", "", "2", "yes", ":send", "yes"], folder: folder)
        #expect(output.status == 0, "\(output.standardOutput)\n\(output.standardError)")
        var asked: [String] = []
        for focus in events.filter({ $0.kind == .prompt }).compactMap(\.focus) where !asked.contains(focus) {
            asked.append(focus)
        }
        #expect(Array(asked.prefix(6)) == ["name", "email", "password", "coupon", "plan", "terms"])
        // The labels are the description's titles.
        #expect(
            events.contains { $0.kind == .prompt && $0.text?.hasPrefix("Field 1 of 6. Full name, required.") == true })
        // The description's own word for success, not Voz's "Form sent.".
        #expect(
            events.contains { $0.text?.hasPrefix("The account was created.") == true }, "\(events.compactMap(\.text))")
        let accounts = try await server.accounts()
        #expect(accounts.contains { $0["email"] as? String == email })
    }

    @Test func aServerErrorLandsOnItsFieldInTheUsersLanguage() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let folder = TemporaryFolder()
        let (output, events) = try await run(
            server,
            answers: ["Ana Pérez", "ana.cupon@example.com", "secreto123", "EXPIRED", "1", "sí", ":enviar", "sí"],
            lang: "es_ES.UTF-8", folder: folder)
        #expect(output.status == 1)
        // Voz speaks Spanish; the labels stay the description's words; the service answers in Spanish too.
        #expect(
            events.contains {
                $0.kind == .prompt && $0.text?.hasPrefix("Campo 1 de 6. Full name, obligatorio.") == true
            })
        let failed = try #require(events.firstIndex { $0.kind == .state && $0.state == .failed })
        let next = try #require(events[failed...].first { $0.kind == .prompt })
        #expect(next.focus == "coupon")
        #expect(
            next.text?.contains("Discount coupon, no válido: Este cupón ha caducado.") == true, "\(next.text ?? "")")
        #expect(try await server.accounts().isEmpty)
    }

    @Test func anAuditOfASpecFileNamesItsLinesInEveryFormat() async throws {
        let folder = TemporaryFolder()
        let environment = VozProcess.environment(home: folder.url)
        let text = try await VozProcess.run(["audit", "--openapi", Self.audited], environment: environment)
        #expect(text.status == 1)
        #expect(
            text.standardOutput.contains(
                "\(Self.audited):31: serious: format-instruction-missing: updateTicket: The field code has a format rule"
            ))
        #expect(
            text.standardOutput.contains("\(Self.audited):39: needs review: operation-not-a-form: getTicket uses GET"))
        #expect(text.standardOutput.contains("The description lacks a description for it"))

        let sarif = try await VozProcess.run(
            ["audit", "--openapi", Self.audited, "--format", "sarif"], environment: environment)
        let log = try #require(
            try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let places = results.compactMap { result -> String? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let uri = (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
            let line = (location?["region"] as? [String: Any])?["startLine"] as? Int
            return uri.map { "\($0):\(line ?? 0)" }
        }
        // The pattern's finding is at the pattern's own line (33), the format instruction's at the property (31).
        #expect(Set(places) == ["\(Self.audited):11", "\(Self.audited):31", "\(Self.audited):33"], "\(places)")

        let json = try await VozProcess.run(
            ["audit", "--openapi", Self.audited, "--operation", "updateTicket", "--format", "json"],
            environment: environment)
        #expect(json.status == 1)
        #expect(json.standardOutput.contains("updateTicket: The field code has a pattern but no patternMessage"))
        #expect(!json.standardOutput.contains("getTicket"))
    }

    @Test func vozFormWritesTheUsersLanguageAsTheLocale() async throws {
        let folder = TemporaryFolder()
        let output = try await VozProcess.run(
            ["form", "--openapi", Self.audited, "--operation", "updateTicket"],
            environment: VozProcess.environment(home: folder.url, extra: ["LANG": "fr_FR.UTF-8"]))
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("\"locale\": \"fr\""))
        #expect(output.standardOutput.contains("\"busyLabel\": \"Envoi en cours\""))
        #expect(output.standardOutput.contains("\"label\": \"Booking code\""))
    }

    @Test(arguments: [
        (["run", "--openapi", "http://api.example.com/openapi.json", "--operation", "x"], "use an https address"),
        (["run", "--openapi", "http://127.0.0.1:1/openapi.json", "--operation", "x"], "nothing answers"),
        (["run", "examples/create-account.json", "--openapi", audited, "--operation", "updateTicket"], "not both"),
        (["run", "--openapi", audited], "--operation"),
        (["run", "--openapi", audited, "--operation", "getTicket"], "line 39"),
        (["audit", "--openapi", audited, "--operation", "nothing"], "no operation has the id nothing"),
        (["audit", "--openapi", audited, "--transcript", "t.jsonl"], "on its own"),
    ])
    func badCallsAreOneSentenceAndExitTwo(arguments: [String], sentence: String) async throws {
        let folder = TemporaryFolder()
        let output = try await VozProcess.run(arguments, home: folder.url)
        output.expectOneSentenceRefusal(sentence)
    }
}
