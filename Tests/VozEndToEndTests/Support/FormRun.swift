import Foundation
import VozKit

/// One `voz run` of the Spanish example form in a home folder of its own: its XDG folders, answers file,
/// transcript and technical log are all inside it, so a test can read — and search — every file voz wrote.
struct FormRun {
    static let exampleForm = "examples/crear-cuenta.json"

    let home: URL
    /// The form file voz runs, relative to the package root or absolute.
    var form: String

    init(form: String = FormRun.exampleForm) {
        home = VozProcess.temporaryFolder()
        self.form = form
    }

    // MARK: - Files

    var transcript: URL { home.appendingPathComponent("transcript.jsonl") }
    var answersFile: URL { home.appendingPathComponent("answers.txt") }
    /// `$XDG_STATE_HOME/voz`: drafts and the default technical log.
    var stateFolder: URL { home.appendingPathComponent("state/voz") }
    var draftsFolder: URL { stateFolder.appendingPathComponent("drafts") }
    var defaultLog: URL { stateFolder.appendingPathComponent("voz.log") }
    var environment: [String: String] { VozProcess.environment(home: home) }

    /// The draft of the example form sent to `url` (`voz run --url`): drafts are filed by form and destination.
    func draft(sentTo url: URL) -> URL {
        draftsFolder.appendingPathComponent(Self.draftName(sentTo: url))
    }

    /// The draft file's name of the example form (a POST) sent to `url`.
    static func draftName(sentTo url: URL, form: String = "crear-cuenta") -> String {
        "\(form)@\(SubmitSpec(label: "", url: url).destinationTag).json"
    }

    /// The example form as VozKit reads it, and its Spanish phrases (with the form's own overrides).
    static func spanish() throws -> (form: Form, localizer: Localizer) {
        let form = try FormFile.load(path: VozProcess.packageRoot.appendingPathComponent(exampleForm).path).form
        return (form, Localizer(language: .es, overrides: form.messages))
    }

    // MARK: - Answers

    /// A valid account for the example form, then `:enviar` and `sí` to the review question.
    static func validAnswers(password: String = "secreto123", email: String = "ana@example.com") -> [String] {
        ["Ana Pérez", email, password, "", "", "sí", ":enviar", "sí"]
    }

    // MARK: - Running

    /// Runs `voz run FORM --url URL --speech none --transcript … --answers …` with `answers` in the answers file. A
    /// run's transcript replaces the one before it in the same home: a test runs the form again on purpose.
    func run(
        url: URL, answers: [String], extra: [String] = [], speech: String = "none", timeout: TimeInterval = 60
    ) async throws -> RawVozProcess.Output {
        try await run(address: url.absoluteString, answers: answers, extra: extra, speech: speech, timeout: timeout)
    }

    /// The same with the address as text: a URL escapes the braces of a form's `{parameter}`.
    func run(
        address: String, answers: [String], extra: [String] = [], speech: String = "none", timeout: TimeInterval = 60
    ) async throws -> RawVozProcess.Output {
        try Data((answers.joined(separator: "\n") + "\n").utf8).write(to: answersFile)
        return try await RawVozProcess.run(
            [
                "run", form, "--url", address, "--speech", speech, "--transcript", transcript.path,
                "--replace-transcript", "--answers", answersFile.path,
            ] + extra,
            environment: environment, timeout: timeout)
    }

    /// Runs `voz run FORM --url URL --speech none --transcript …` with `input` as raw bytes on standard input.
    func run(
        url: URL, input: Data, extra: [String] = [], timeout: TimeInterval = 60
    ) async throws -> RawVozProcess.Output {
        try await RawVozProcess.run(
            [
                "run", form, "--url", url.absoluteString, "--speech", "none", "--transcript", transcript.path,
                "--replace-transcript",
            ] + extra,
            input: input, environment: environment, timeout: timeout)
    }

    /// Every regular file under the home folder except the answers file (which the test wrote), with its bytes.
    func filesWritten() -> [(path: String, data: Data)] {
        let manager = FileManager.default
        guard let walker = manager.enumerator(at: home, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        var files: [(String, Data)] = []
        for case let url as URL in walker where url.standardizedFileURL != answersFile.standardizedFileURL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let data = try? Data(contentsOf: url)
            else { continue }
            files.append((url.path, data))
        }
        return files
    }

    func remove() {
        try? FileManager.default.removeItem(at: home)
    }
}
