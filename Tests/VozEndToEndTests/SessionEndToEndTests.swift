import Foundation
import Testing
import VozKit

/// The real `voz` binary against the real demo service on loopback, with scripted answers; assertions read the
/// transcript (issue 6).
@Suite(.serialized) struct SessionEndToEndTests {
    private func unique(_ name: String) -> String { "\(name)-\(UUID().uuidString.prefix(8))@example.com" }

    @Test func duplicateEmailAnnouncesTheCountThenFocusesTheEmailFieldWithTheServersMessage() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let email = unique("ana")
        let first = try await SessionRun.run(server: server, answers: SessionRun.spanishAnswers(email: email))
        #expect(first.output.status == 0)

        let corrected = unique("ana.perez")
        let run = try await SessionRun.run(
            server: server, answers: SessionRun.spanishAnswers(email: email) + [corrected, ":enviar", "sí"])
        #expect(run.output.status == 0, "\(run.output.standardOutput)")
        let failed = try #require(run.index { $0.kind == .state && $0.state == .failed })
        let count = try #require(run.index(after: failed) { $0.kind == .announcement })
        #expect(run.transcript[count].text?.contains("Hay 1 error.") == true)
        #expect(run.transcript[count].priority == .assertive)
        let prompt = try #require(run.index(after: count) { $0.kind == .prompt })
        #expect(run.transcript[prompt].focus == "email")
        #expect(run.transcript[prompt].text?.contains("ya está registrado") == true)
        #expect(run.transcript.last { $0.kind == .state }?.state == .completed)
        #expect(try await server.accounts().count == 2)

        // The transcript a real session leaves passes the audit's transcript rules.
        let audit = try await VozProcess.run(
            [
                "audit", "--transcript", run.folder.appendingPathComponent("transcript.jsonl").path, "--form",
                VozProcess.packageRoot.appendingPathComponent("examples/crear-cuenta.json").path,
            ], environment: VozProcess.environment(home: run.folder))
        #expect(audit.status == 0, "\(audit.standardOutput)")
    }

    @Test func twoServerErrorsFocusTheEarlierFieldInFormOrderWhateverTheServersOrder() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let form = VozProcess.packageRoot.appendingPathComponent("Tests/VozEndToEndTests/Fixtures/lenient-account.json")
        // The server lists its errors by field name (coupon before password); the form asks password first.
        let run = try await SessionRun.run(
            form: form.path, server: server,
            answers: ["Ana", unique("ana"), "corta", "CADUCADO", "sí", ":enviar"])
        #expect(run.output.status == 1)
        let failed = try #require(run.index { $0.kind == .state && $0.state == .failed })
        #expect(run.transcript[failed].text == "password,coupon")
        let count = try #require(run.index(after: failed) { $0.kind == .announcement })
        #expect(run.transcript[count].text?.contains("Hay 2 errores.") == true)
        let prompt = try #require(run.index(after: count) { $0.kind == .prompt })
        #expect(run.transcript[prompt].focus == "password")
        #expect(try await server.accounts().isEmpty)
    }

    @Test func unavailableThenRetryReusesTheKeyAndCreatesOneAccount() async throws {
        let server = try await DemoServer.start(arguments: ["--unavailable", "1"])
        defer { server.stop() }
        let run = try await SessionRun.run(
            server: server, answers: SessionRun.spanishAnswers(email: unique("ana")) + [":reintentar"])
        #expect(run.output.status == 0, "\(run.output.standardOutput)")
        let failed = try #require(run.transcript.first { $0.kind == .state && $0.state == .failed })
        #expect(failed.detail == "transient")
        #expect(run.spoken.contains { $0.text?.contains(":reintentar") == true })
        let posts = try await server.requests().filter { $0["method"] as? String == "POST" }
        #expect(posts.map { $0["status"] as? Int } == [503, 201])
        let keys = Set(posts.compactMap { $0["idempotencyKey"] as? String })
        #expect(keys.count == 1)
        #expect(try await server.accounts().count == 1)
    }

    @Test func submitWhileASlowReplyIsPendingSaysWhyAndSendsNothingMore() async throws {
        let server = try await DemoServer.start(arguments: ["--latency", "1500"])
        defer { server.stop() }
        let run = try await SessionRun.run(
            server: server, answers: SessionRun.spanishAnswers(email: unique("ana")) + [":enviar"])
        #expect(run.output.status == 0, "\(run.output.standardOutput)")
        let refusal = try #require(
            run.spoken.first { $0.text?.contains("no está disponible mientras se envía") == true })
        #expect(refusal.priority == .assertive)
        #expect(refusal.text?.contains(":cancelar") == true)
        #expect(try await server.requests().filter { $0["method"] as? String == "POST" }.count == 1)
        #expect(try await server.accounts().count == 1)
    }

    @Test func permanentFailureNeverOffersARetry() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = try await SessionRun.run(
            server: server,
            answers: SessionRun.spanishAnswers(email: "ana-\(UUID().uuidString.prefix(8))@blocked.example"))
        #expect(run.output.status == 1)
        let failed = try #require(run.transcript.first { $0.kind == .state && $0.state == .failed })
        #expect(failed.detail == "permanent")
        #expect(!run.spoken.contains { $0.text?.contains("reintentar") == true })
        #expect(try await server.accounts().isEmpty)
    }

    @Test func dropAfterCommitThenRetryCreatesExactlyOneAccount() async throws {
        let server = try await DemoServer.start(arguments: ["--drop-after-commit", "1"])
        defer { server.stop() }
        let run = try await SessionRun.run(
            server: server, answers: SessionRun.spanishAnswers(email: unique("ana")) + [":reintentar"])
        #expect(run.output.status == 0, "\(run.output.standardOutput)")
        let posts = try await server.requests().filter { $0["method"] as? String == "POST" }
        #expect(posts.count == 2)
        #expect(Set(posts.compactMap { $0["idempotencyKey"] as? String }).count == 1)
        #expect(posts.last?["replayed"] as? Bool == true)
        #expect(try await server.accounts().count == 1)
    }

    /// Issue 36: a password in `--set` (shell history, `ps`) is refused in one sentence naming the safe ways, in
    /// the language of whoever typed the command (here C.UTF-8: English), not the form's.
    @Test func aPasswordInSetIsRefusedInOneSentence() async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try await VozProcess.run(
            ["run", FormRun.exampleForm, "--speech", "none", "--set", "password=Zq9-in-history"],
            environment: VozProcess.environment(home: home))
        output.expectOneSentenceRefusal(
            Localizer(language: .en).text("usage.sensitivePreset", ["field": "password", "label": "Contraseña"]))
        #expect(!output.standardError.contains("Zq9-in-history") && output.standardOutput.isEmpty)
    }

    @Test func endOfInputBeforeSendingKeepsADraftAndExitsOne() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = try await SessionRun.run(server: server, answers: ["Ana Pérez", "ana@example.com"])
        #expect(run.output.status == 1)
        #expect(run.output.lines.contains { $0.contains("he guardado un borrador") })
        let drafts = run.folder.appendingPathComponent("state/voz/drafts")
        let files = try FileManager.default.contentsOfDirectory(atPath: drafts.path)
        #expect(files == [FormRun.draftName(sentTo: server.accountsURL)])
    }
}
