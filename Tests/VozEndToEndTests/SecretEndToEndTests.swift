import Foundation
import Testing
import VozDemoService

/// Issue 8, item 4: a distinctive secret typed into the real `voz run` is in no byte Voz wrote — standard output
/// and error, transcript, technical log, drafts, WAV files and their names — nor in the demo service's database,
/// even when the server echoes it back.
// Serialized: each case starts real processes, and a burst of them would starve the timing tests of others.
@Suite(.serialized) struct SecretEndToEndTests {
    static let secret = "Zq9!hunter-secret-77"
    /// The secret and the forms it could leak in: a fragment, JSON- and percent-encoded.
    static let needles = [secret, "hunter-secret", "Zq9\\u0021hunter", "Zq9%21hunter"].map { Data($0.utf8) }

    /// The needles found in `data`.
    static func leaks(in data: Data) -> [String] {
        needles.filter { data.range(of: $0) != nil }.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theSecretIsInNothingVozOrTheServiceWrote() async throws {
        let server = try await DemoServer.start()
        let run = FormRun()
        defer { run.remove() }
        let wavFolder = run.home.appendingPathComponent("wav")
        let log = run.home.appendingPathComponent("technical.log")
        // `:revisar` reads the secret back as hidden; the transcript records its input as hidden.
        let answers =
            Array(FormRun.validAnswers(password: Self.secret).dropLast(2)) + [":revisar", ":enviar", "sí"]
        let output = try await run.run(
            url: server.accountsURL, answers: answers, extra: ["--log", log.path], speech: "wav:\(wavFolder.path)",
            timeout: 90)
        #expect(output.status == 0, "exit \(output.status): \(output.stderr)")
        #expect(output.lines.contains("3. Contraseña: oculto, 20 caracteres."))

        #expect(Self.leaks(in: output.standardOutput) == [])
        #expect(Self.leaks(in: output.standardError) == [])
        let files = run.filesWritten()
        #expect(files.contains { $0.path == log.path && !$0.data.isEmpty }, "the technical log was written")
        #expect(files.contains { $0.path == run.transcript.path })
        #expect(files.contains { $0.path.hasSuffix(".wav") }, "speech was rendered")
        for file in files {
            #expect(Self.leaks(in: file.data) == [], "\(file.path)")
            #expect(!file.path.contains("hunter"), "a file name")
        }
        let transcript = try HostileText.transcriptEvents(run.transcript)
        #expect(transcript.contains { $0["kind"] as? String == "input" && $0["text"] as? String == "hidden" })

        // The service stores the account, and only a hash of the password.
        let database = try Self.stopAndReadDatabase(server)
        #expect(database.contains { $0.data.range(of: Data("ana@example.com".utf8)) != nil }, "the account is there")
        for file in database {
            #expect(Self.leaks(in: file.data) == [], "\(file.path)")
        }
    }

    @Test func anEchoedSecretIsNeverRepeated() async throws {
        let server = try await DemoServer.start(arguments: ["--hostile", HostileMode.echoSecret.rawValue])
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let output = try await run.run(
            url: server.accountsURL, answers: FormRun.validAnswers(password: Self.secret) + [":salir"])
        let (_, spanish) = try FormRun.spanish()
        #expect(output.status == 1)
        // The server's message quoted the password: the catalog's phrase is said on the field instead.
        let prompt = try #require(output.lines.first { $0.hasPrefix("Campo 3 de 6") && $0.contains("no válido") })
        #expect(prompt.contains(spanish.text("server.field.invalid")), "\(prompt)")

        #expect(Self.leaks(in: output.standardOutput) == [])
        #expect(Self.leaks(in: output.standardError) == [])
        let files = run.filesWritten()
        // The default technical log holds the reply — redacted — and the draft the answers without the secret.
        let log = try #require(files.first { $0.path == run.defaultLog.path }, "the default technical log")
        #expect(String(decoding: log.data, as: UTF8.self).contains("leaked passwords"), "the reply was logged")
        #expect(files.contains { $0.path.hasPrefix(run.draftsFolder.path) }, "a draft was saved")
        for file in files {
            #expect(Self.leaks(in: file.data) == [], "\(file.path)")
        }
    }

    /// Issue 24, item 4: the server repeats the first password in its reply to the second, after the user typed a
    /// new one. The old value was said, written to the transcript and to the `--log` file: only the current one
    /// was redacted.
    @Test func anOldPasswordRepeatedAfterTheUserChangedItIsNeverRepeated() async throws {
        let server = try await DemoServer.start(arguments: ["--hostile", HostileMode.echoFirstSecret.rawValue])
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let log = run.home.appendingPathComponent("technical.log")
        // The first send fails on the password; the focus goes to it, a new one is typed and sent again.
        let answers =
            FormRun.validAnswers(password: Self.secret) + ["Nueva-clave-segura-2026", ":enviar", "sí", ":salir"]
        let output = try await run.run(url: server.accountsURL, answers: answers, extra: ["--log", log.path])
        #expect(output.status == 1, "exit \(output.status): \(output.stderr)")
        let posts = try await server.requests().filter { $0["method"] as? String == "POST" }
        #expect(posts.count == 2, "both sends reached the service")

        #expect(Self.leaks(in: output.standardOutput) == [], "\(output.stdout.suffix(1500))")
        #expect(Self.leaks(in: output.standardError) == [])
        let files = run.filesWritten()
        let logged = try #require(files.first { $0.path == log.path }, "the --log file")
        #expect(String(decoding: logged.data, as: UTF8.self).contains("previous password"), "the reply was logged")
        #expect(files.contains { $0.path == run.transcript.path })
        for file in files {
            #expect(Self.leaks(in: file.data) == [], "\(file.path)")
            #expect(file.data.range(of: Data("Nueva-clave-segura".utf8)) == nil, "\(file.path)")
        }
    }

    /// Stops the service so SQLite's files are complete, then returns every file in its folder.
    static func stopAndReadDatabase(_ server: DemoServer) throws -> [(path: String, data: Data)] {
        server.process.signal(SIGINT)
        server.process.wait()
        defer { server.stop() }
        let names = try FileManager.default.contentsOfDirectory(atPath: server.folder.path)
        return names.map { name in
            let url = server.folder.appendingPathComponent(name)
            return (url.path, (try? Data(contentsOf: url)) ?? Data())
        }
    }
}
