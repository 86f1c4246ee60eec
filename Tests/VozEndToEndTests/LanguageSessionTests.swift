import Foundation
import Testing
import VozKit

/// Every language end to end: its example form against the demo service, answered in that language, to a
/// duplicate e-mail error and a corrected retry; the lines are checked against the language's catalog, and the
/// demo service's own reply comes back in the language too (issue 20).
@Suite(.serialized) struct LanguageSessionTests {
    static let examples: [(Language, String, String)] = [
        (.es, "examples/crear-cuenta.json", "Ana Pérez"), (.en, "examples/create-account.json", "Ana Pérez"),
        (.ptBR, "examples/criar-conta.json", "Ana Souza"), (.fr, "examples/creer-un-compte.json", "Anne Martin"),
        (.de, "examples/konto-anlegen.json", "Anna Schmidt"), (.it, "examples/crea-account.json", "Anna Rossi"),
    ]

    @Test(arguments: examples)
    func duplicateEmailThenRetryInTheFormsLanguage(language: Language, example: String, name: String) async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let form = try FormFile.load(path: VozProcess.packageRoot.appendingPathComponent(example).path).form
        let localizer = Localizer(language: language, overrides: form.messages)
        let yes = localizer.text("form.yes")
        let submit = SessionCommand.submit.typed(in: language)
        let taken = "\(UUID().uuidString.prefix(8))@example.com"
        let answers = [name, taken, "secreto123", "", "", yes, submit, yes]
        let first = try await SessionRun.run(form: example, server: server, answers: answers)
        defer { try? FileManager.default.removeItem(at: first.folder) }
        #expect(first.output.status == 0, "\(first.output.standardOutput)")

        let corrected = "\(UUID().uuidString.prefix(8))@example.com"
        let run = try await SessionRun.run(form: example, server: server, answers: answers + [corrected, submit, yes])
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.output.status == 0, "\(run.output.standardOutput)")

        let counts = localizer.plural("session.fieldCount", count: 6, ["required": "5"])
        let errorCount = localizer.plural("server.errorCount", count: 1)
        let serverSays = Localizer(language: language).text("demo.emailTaken")
        // Each expectation is one printed line, in order; a line matches when it has every piece.
        let expected: [[String]] = [
            [localizer.text("session.greeting", ["title": form.title, "counts": counts])],
            [localizer.text("session.submitPrompt", ["label": form.submit.label, "command": submit])],
            [localizer.text("session.review.start", ["title": form.title])],
            [localizer.text("session.confirmSend", ["label": form.submit.label])],
            [localizer.text("submission.sending")],
            [localizer.text("server.fields.general"), errorCount],
            [localizer.text("access.position", ["position": "2", "count": "6"]), serverSays],
            [localizer.text("session.confirmSend", ["label": form.submit.label])],
            [localizer.text("server.success")],
        ]
        var lines = run.output.lines[...]
        for pieces in expected {
            let found = lines.firstIndex { line in pieces.allSatisfy { line.contains($0) } }
            #expect(found != nil, "no line with \(pieces) after the earlier ones in:\n\(run.output.standardOutput)")
            if let found { lines = lines[(found + 1)...] }
        }
        #expect(run.output.lines.contains(localizer.text("session.greeting", ["title": form.title, "counts": counts])))
        #expect(run.transcript.last { $0.kind == .state }?.state == .completed)
        #expect(try await server.accounts().count == 2)

        // The transcript passes the audit's transcript rules, which read this language's words.
        let audit = try await VozProcess.run(
            [
                "audit", "--transcript", run.folder.appendingPathComponent("transcript.jsonl").path, "--form",
                VozProcess.packageRoot.appendingPathComponent(example).path,
            ], environment: VozProcess.environment(home: run.folder))
        #expect(audit.status == 0, "\(audit.standardOutput)")
    }

    /// Each example passes its own audit, reported in its language.
    @Test(arguments: examples)
    func theExampleFormPassesItsAudit(language: Language, example: String, name: String) async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locale = language.rawValue.replacingOccurrences(of: "-", with: "_") + ".UTF-8"
        let audit = try await VozProcess.run(
            ["audit", VozProcess.packageRoot.appendingPathComponent(example).path],
            environment: VozProcess.environment(home: folder, extra: ["LANG": locale]))
        #expect(audit.status == 0, "\(audit.standardOutput)")
        let files = Localizer(language: language).plural("audit.report.files", count: 1)
        #expect(
            audit.standardOutput.contains(Localizer(language: language).text("audit.report.clean", ["files": files])))
    }

    /// `voz demo --language` picks the form; its locale makes the demo service answer in the same language.
    @Test(arguments: examples)
    func demoSpeaksTheChosenLanguage(language: Language, example: String, name: String) async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(
            ["demo", "--language", language.rawValue, "--speech", "none"], input: ":" + "x\n",
            environment: VozProcess.environment(home: folder, extra: ["LANG": "C"]))
        let form = try FormFile.load(path: VozProcess.packageRoot.appendingPathComponent(example).path).form
        // The demo's first line names its known address; the form's greeting follows.
        #expect(output.lines.dropFirst().first?.contains(form.title) == true, "\(output.standardOutput)")
        #expect(
            output.standardOutput.contains(
                Localizer(language: language).text("session.unknownCommand", ["command": ":x"])))
    }
}

extension LanguageSessionTests {
    /// Without --language, voz demo follows LC_ALL, LC_MESSAGES, then LANG; a locale Voz lacks gets the Spanish
    /// demo, and an unknown --language is a usage error naming the choices.
    @Test(
        arguments: [
            (["LC_MESSAGES": "it_IT.UTF-8", "LANG": "de_DE.UTF-8"], "Crea un account"),
            (["LANG": "de_DE.UTF-8"], "Konto anlegen"),
            (["LC_ALL": "pt_BR.UTF-8", "LANG": "fr_FR"], "Criar uma conta"),
            (["LANG": "nl_NL.UTF-8"], "Crear una cuenta"),
        ])
    func demoFollowsTheLocale(locale: [String: String], title: String) async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(
            ["demo", "--speech", "none"], input: ":x\n",
            environment: VozProcess.environment(home: folder, extra: locale))
        #expect(output.lines.dropFirst().first?.contains(title) == true, "\(output.standardOutput)")
    }

    @Test func anUnknownLanguageIsAUsageError() async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(
            ["demo", "--language", "klingon", "--speech", "none"], environment: VozProcess.environment(home: folder))
        #expect(output.status == 2)
    }
}

/// `voz say` speaks each language with its own voice profile, chosen from the locale.
@Suite struct LanguageVoiceTests {
    /// One sentence a language, and the same letters said by the Spanish voice for comparison.
    static let sentences: [(Language, String)] = [
        (.ptBR, "O servidor não aceita este valor. Confira."), (.fr, "Le serveur refuse cette valeur. Vérifiez-la."),
        (.de, "Der Server nimmt diesen Wert nicht an. Prüfe ihn."), (.it, "Il server non accetta questo valore."),
        (.en, "The server does not accept this value. Check it."),
    ]

    private func render(_ text: String, locale: String, folder: URL) async throws -> WavAudio? {
        let wav = folder.appendingPathComponent("\(locale).wav").path
        let output = try await VozProcess.run(
            ["say", text, "--wav", wav], environment: VozProcess.environment(home: folder, extra: ["LANG": locale]))
        #expect(output.status == 0, "\(output.standardOutput)")
        return WavAudio(contentsOf: wav)
    }

    @Test(arguments: sentences)
    func saysASentenceWithItsOwnVoice(language: Language, sentence: String) async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locale = language.rawValue.replacingOccurrences(of: "-", with: "_") + ".UTF-8"
        let own = try #require(try await render(sentence, locale: locale, folder: folder))
        let spanish = try #require(try await render(sentence, locale: "es_ES.UTF-8", folder: folder))
        // About 300 words a minute: a sentence of 6 to 9 words takes one to four seconds.
        #expect(own.duration > 0.8 && own.duration < 5, "\(own.duration) s")
        #expect(own.rms > 0.02 && own.rms < 0.5, "RMS \(own.rms)")
        // Another language's rules say the same letters differently: not the Spanish audio.
        #expect(own.samples != spanish.samples)
        #expect(abs(own.duration - spanish.duration) > 0.02, "\(own.duration) s against \(spanish.duration) s")
    }
}
