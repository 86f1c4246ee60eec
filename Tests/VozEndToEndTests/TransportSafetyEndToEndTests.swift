import Foundation
import Testing

/// Issue 8, item 6, end to end: the real `voz run` refuses to send a form with secret fields over plain HTTP to
/// another machine unless `--allow-insecure` is given, with one sentence saying why, before anything is sent.
/// (Redirects, which keep credentials only on their origin and are judged by the same rules, are proven against
/// real loopback servers in Tests/VozKitTests/Replies/CurlTransportHopTests.swift.)
// Serialized: each case starts real processes, and a burst of them would starve the timing tests of others.
@Suite(.serialized) struct TransportSafetyEndToEndTests {
    /// 203.0.113.0/24 is TEST-NET-3: never routed, so a test can never reach it by mistake.
    static let remote = "http://203.0.113.7:8080/accounts"

    /// The example form with its own `submit.url` pointing at a plain-HTTP remote host.
    static func insecureForm(in folder: URL) throws -> String {
        let example = VozProcess.packageRoot.appendingPathComponent(FormRun.exampleForm)
        let text = try String(contentsOf: example, encoding: .utf8)
            .replacingOccurrences(of: "http://127.0.0.1:8080/accounts", with: remote)
        #expect(text.contains(remote))
        let url = folder.appendingPathComponent("insecure.json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    enum Source: String, CaseIterable, CustomStringConvertible {
        /// The form's own `submit.url`.
        case formFile
        /// `--url` over the example's loopback address.
        case urlOption
        var description: String { rawValue }
    }

    @Test(arguments: Source.allCases)
    func secretsOverPlainHTTPToAnotherHostAreRefused(source: Source) async throws {
        let run = FormRun()
        defer { run.remove() }
        let form = source == .formFile ? try Self.insecureForm(in: run.home) : FormRun.exampleForm
        var arguments = ["run", form, "--speech", "none"]
        if source == .urlOption { arguments += ["--url", "http://example.com/accounts"] }
        let output = try await RawVozProcess.run(arguments, environment: run.environment, timeout: 20)

        #expect(output.status == 2)
        #expect(output.elapsed < .seconds(5))
        #expect(output.standardOutput.isEmpty, "the session never started: \(output.stdout.prefix(300))")
        let sentences = output.stderr.split(separator: "\n")
        #expect(sentences.count == 1, "\(output.stderr)")
        let sentence = String(sentences.first ?? "")
        let host = source == .formFile ? "203.0.113.7" : "example.com"
        // The refusal is a mistake of the form file or the command line, so it is in the user's language (the
        // test's locale is English), as the README's Languages section says; the field keeps its own label.
        for part in ["Contraseña", "unencrypted", host, "https", "--allow-insecure"] {
            #expect(sentence.contains(part), "says \(part): \(sentence)")
        }
    }

    @Test func allowInsecureLetsTheSessionStart() async throws {
        let run = FormRun()
        defer { run.remove() }
        let form = try Self.insecureForm(in: run.home)
        let output = try await RawVozProcess.run(
            ["run", form, "--speech", "none", "--allow-insecure"], environment: run.environment, timeout: 20)
        let (_, spanish) = try FormRun.spanish()
        // Nothing is answered, so nothing is sent: the session greets, asks, and ends at the end of input.
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.lines.first?.hasPrefix("Formulario Crear una cuenta.") == true)
        #expect(output.lines.last == spanish.text("session.endOfInput.noDraft"))
    }

    /// libcurl read the proxy variables itself and sent a form for this machine, password in clear text, to the
    /// proxy they named, which may be another machine: the plain-HTTP rule judged the target, not the hop. An
    /// address on this machine never goes through a proxy (here a second recording server stands for one).
    @Test func aFormForThisMachineNeverGoesThroughAProxy() async throws {
        let server = try RecordingServer()
        defer { server.stop() }
        let proxy = try RecordingServer()
        defer { proxy.stop() }
        let run = FormRun()
        defer { run.remove() }
        let password = "proxy-secret-123"
        try Data((FormRun.validAnswers(password: password).joined(separator: "\n") + "\n").utf8).write(
            to: run.answersFile)
        var environment = run.environment
        for name in ["http_proxy", "all_proxy", "ALL_PROXY"] { environment[name] = proxy.baseURL }

        let output = try await RawVozProcess.run(
            [
                "run", run.form, "--url", server.baseURL + "/accounts", "--speech", "none", "--answers",
                run.answersFile.path,
            ],
            environment: environment, timeout: 60)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(proxy.requests().isEmpty, "the proxy got \(proxy.requests().map(\.path))")
        let request = try #require(server.requests().first)
        #expect(request.json["password"] as? String == password)
    }

    @Test(arguments: ["https://203.0.113.7/accounts", "http://localhost:9/accounts", "http://[::1]:9/accounts"])
    func encryptedOrLoopbackAddressesAreAllowed(url: String) async throws {
        let run = FormRun()
        defer { run.remove() }
        let output = try await RawVozProcess.run(
            ["run", FormRun.exampleForm, "--speech", "none", "--url", url], environment: run.environment, timeout: 20)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
    }
}
