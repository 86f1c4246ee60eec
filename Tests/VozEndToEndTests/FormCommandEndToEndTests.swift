import Foundation
import Testing

/// `voz form` (issue 17): a form file from a real OpenAPI description or a JSON Schema, which `voz audit` and
/// `voz run` then read like any hand-written form.
@Suite struct FormCommandEndToEndTests {
    static let petstore = "Tests/VozKitTests/Fixtures/OpenAPI/petstore-expanded.yaml"

    @Test func anOpenAPIOperationBecomesAFormThatPassesItsAudit() async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pet.json").path
        let made = try await VozProcess.run(
            [
                "form", "--openapi", Self.petstore, "--operation", "addPet", "-o", path, "--server",
                "http://127.0.0.1:9",
            ],
            home: folder)
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput.isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\n  \"title\": \"Add pet\",\n"))
        #expect(text.contains("\"url\": \"http://127.0.0.1:9/pets\""))
        let audit = try await VozProcess.run(["audit", path], home: folder)
        #expect(audit.status == 0, "\(audit.standardOutput)")
    }

    /// Issue 27, section 3: the form's locale is what --language says, whatever the environment's; the
    /// description's own language, when the user gives it, is the labels' language. Issue 36: when nobody gives
    /// it, the English petstore's prose says it, so its labels are not read with the German (or Italian) voice.
    @Test(
        arguments: [
            (["--language", "de"], "de", "en"), (["--language", "fr", "--description-language", "es"], "fr", "es"),
            (["--description-language", "en"], "it", "en"), ([], "it", "en"), (["--language", "en"], "en", nil),
        ] as [([String], String, String?)])
    func languageOptionsSetTheLocales(options: [String], locale: String, labels: String?) async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await VozProcess.run(
            ["form", "--openapi", Self.petstore, "--operation", "addPet", "--server", "http://127.0.0.1:9"] + options,
            environment: VozProcess.environment(home: folder, extra: ["LC_ALL": "it_IT.UTF-8"]))
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput.contains("\"locale\": \"\(locale)\""))
        #expect(made.standardOutput.contains("\"labelsLocale\": \"\(labels ?? "")\"") == (labels != nil))
    }

    @Test func anUnknownLanguageIsOneSentence() async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(
            ["form", "--openapi", Self.petstore, "--operation", "addPet", "--language", "klingon"], home: folder)
        output.expectOneSentenceRefusal("klingon")
    }

    @Test func aJSONSchemaBecomesAFormOnStandardOutput() async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await VozProcess.run(
            [
                "form", "--schema", "Tests/VozEndToEndTests/Fixtures/signup.schema.json", "--url",
                "http://127.0.0.1:9/signups", "--method", "put",
            ], home: folder)
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput.contains("\"exclusiveMin\": 0"))
        #expect(made.standardOutput.contains("\"method\": \"PUT\""))
        let path = folder.appendingPathComponent("signup.json").path
        try Data(made.standardOutput.utf8).write(to: URL(fileURLWithPath: path))
        let audit = try await VozProcess.run(["audit", path], home: folder)
        #expect(audit.status == 0, "\(audit.standardOutput)")
    }

    @Test(arguments: [
        (["form", "--openapi", petstore, "--operation", "nothing"], "has no operation nothing"),
        (["form", "--openapi", petstore, "--operation", "deletePet"], "uses DELETE"),
        (["form", "--openapi", "missing.yaml", "--operation", "x"], "there is no file with that name"),
        (["form", "--openapi", petstore], "--operation"),
        (["form"], "name a description"),
    ])
    func badCallsAreOneSentenceAndExitTwo(arguments: [String], sentence: String) async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(arguments, home: folder)
        output.expectOneSentenceRefusal(sentence)
    }

    @Test func aYAMLBombEndsFastInASentence() async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
                + "]\n"
        }
        let path = folder.appendingPathComponent("bomb.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let output = try await VozProcess.run(["form", "--openapi", path, "--operation", "x"], home: folder)
        #expect(output.status == 2)
        #expect(output.standardError.contains("YAML bomb"), "\(output.standardError)")
    }
}
