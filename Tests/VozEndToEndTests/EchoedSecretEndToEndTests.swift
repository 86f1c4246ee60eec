import Foundation
import Testing
import VozTestSupport

/// Issue 37, items 5 and 6: the real `voz run` sends a form-encoded password and an API key from the environment to
/// a real loopback server (Fixtures/echoing-server.py) that quotes them back four ways, each shaped as a real
/// framework sends it: percent-encoded in Spring's problem detail, as a member name in Rails' errors hash,
/// HTML-escaped in Express's error page, and the key in Stripe's error envelope. None of the copies is in what voz
/// printed, nor in its transcript, technical log or draft.
// Serialized: each case starts real processes.
@Suite(.serialized) struct EchoedSecretEndToEndTests {
    static let password = "p@ss w0rd#2024<&>"
    static let apiKey = "sk_live_51HqLyjWDarjtT1zdp7dc4f9QxTm2"
    /// Every copy the server sends, and fragments that any other copy would hold too; searched for whatever the case.
    static let needles = [
        password, "p%40ss+w0rd%232024%3C%26%3E", "p@ss w0rd#2024&lt;&amp;&gt;", "&lt;&amp;&gt;", "p ss w0rd 2024",
        "w0rd", apiKey, "sk_live", "WDarjtT1zdp7",
    ]

    static let formText = #"""
        {"id": "tienda", "title": "Cuenta de la tienda", "locale": "es",
         "fields": [
          {"id": "email", "label": "Correo", "kind": "email", "required": true},
          {"id": "password", "label": "Contraseña", "kind": "secret", "required": true}
         ],
         "submit": {"label": "Crear", "url": "http://127.0.0.1:9/cuentas", "body": "form",
                    "headers": {"Authorization": "$TIENDA_AUTH"}}}
        """#

    /// The needles found in `data`, whatever their case, as "name: needle".
    static func leaks(in data: Data, _ name: String) -> [String] {
        let text = LeakSearch.withoutStamps(String(decoding: data, as: UTF8.self)).lowercased()
        return needles.filter { text.contains($0.lowercased()) }.map { "\(name): \($0)" }
    }

    @Test func noCopyOfAnEchoedSecretIsPrintedRecordedOrLogged() async throws {
        let folder = TemporaryFolder()
        let records = folder.url.appendingPathComponent("requests.jsonl")
        let script = try String(
            contentsOf: VozProcess.packageRoot.appendingPathComponent(
                "Tests/VozEndToEndTests/Fixtures/echoing-server.py"),
            encoding: .utf8)
        let server = try PythonServerProcess(script: script, arguments: [records.path])
        defer { server.stop() }
        let run = FormRun(form: "")
        defer { run.remove() }
        let formFile = run.home.appendingPathComponent("tienda.json")
        try Data(Self.formText.utf8).write(to: formFile)
        let log = run.home.appendingPathComponent("tecnico.log")
        try FileManager.default.createDirectory(at: run.stateFolder, withIntermediateDirectories: true)
        // Four sends, each after a change, since a refused form goes again only once something changed.
        var answers = ["ana@example.com", Self.password, ":enviar"]
        for number in 2...4 { answers += [":ir 1", "ana\(number)@example.com", ":enviar"] }
        try Data((answers.joined(separator: "\n") + "\n").utf8).write(to: run.answersFile)
        let environment = VozProcess.environment(home: run.home, extra: ["TIENDA_AUTH": "Bearer \(Self.apiKey)"])
        let output = try await RawVozProcess.run(
            [
                "run", formFile.path, "--url", "http://127.0.0.1:\(server.port)/cuentas", "--speech", "none",
                "--transcript", run.transcript.path, "--answers", run.answersFile.path, "--log", log.path,
            ],
            environment: environment, timeout: 90)
        #expect(output.status == 1, "exit \(output.status): \(output.stdout)\(output.stderr)")
        let requests = (try? String(contentsOf: records, encoding: .utf8)) ?? ""
        #expect(requests.split(separator: "\n").count == 4, "every reply was sent: \(output.stdout)")

        var leaks = Self.leaks(in: output.standardOutput, "stdout") + Self.leaks(in: output.standardError, "stderr")
        let files = run.filesWritten()
        for file in files { leaks += Self.leaks(in: file.data, file.path) }
        #expect(leaks == [], "\(output.stdout)")

        // Not vacuous: the replies were logged, redacted, and the transcript and a draft were written.
        let logged = String(decoding: try #require(files.first { $0.path == log.path }).data, as: UTF8.self)
        for words in ["Failed to read request: email=ana%40example.com", "is not allowed", "BadRequestError"] {
            #expect(logged.contains(words), "\(words) in the log")
        }
        #expect(logged.contains("Invalid API Key provided: [redacted]"))
        #expect(files.contains { $0.path == run.transcript.path })
        #expect(files.contains { $0.path.hasPrefix(run.draftsFolder.path) }, "a draft was kept")
    }
}
