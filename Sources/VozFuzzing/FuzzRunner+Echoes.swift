import Foundation
import VozKit
import VozTranscript

/// Echoes of secrets: a whole session types the case's password into a form that sends its API key
/// from the environment, and a card number into a plain note, and the server's reply quotes one of them back. The oracle: no fragment of the case in
/// any printed line, in the transcript or in the technical log, read as written and with their JSON decoded.
extension FuzzRunner {
    static let echoFormText = #"""
        {"id": "eco", "title": "Eco", "locale": "es", "fields": [
          {"id": "name", "label": "Nombre", "kind": "text", "required": true},
          {"id": "password", "label": "Contraseña", "kind": "secret", "required": true},
          {"id": "nota", "label": "Nota", "kind": "text"}],
         "submit": {"label": "Enviar", "url": "http://127.0.0.1:9/accounts", "method": "POST",
                    "headers": {"X-Api-Key": "$VOZ_FUZZ_KEY"}}}
        """#

    /// The session's form with its key resolved, as `voz run` resolves it before the session starts.
    static func echoForm(apiKey: String) -> Form? {
        guard var form = try? FormFile.decode(data: Data(echoFormText.utf8), path: "eco.json").form else {
            return nil
        }
        guard form.submit.resolveHeaders(from: ["VOZ_FUZZ_KEY": apiKey]) == nil else { return nil }
        return form
    }

    /// Runs the session of `input` and traps when a fragment of its secrets comes back out.
    public static func runEchoes(_ input: Data) async {
        guard let echo = EchoCase(input) else { return }
        if let breach = await echoBreach(echo) { fatalError("echoes: \(breach)") }
    }

    /// Where a fragment of the case's secrets came back out, or nil.
    public static func echoBreach(_ echo: EchoCase, folder: URL? = nil) async -> String? {
        guard let form = echoForm(apiKey: echo.apiKey) else { return nil }
        let folder =
            folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("voz-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let transcriptPath = folder.appendingPathComponent("echo.jsonl").path
        let printed = LineRecorder()
        let log = MemoryTechnicalLog()
        let reply = HTTPReply(
            status: echo.status,
            headers: echo.headers.compactMap { $0.count == 2 ? HTTPHeader(name: $0[0], value: $0[1]) : nil },
            body: Data(echo.body.utf8))
        do {
            let transcript = try TranscriptWriter(path: transcriptPath)
            let session = Session(
                form: form, localizer: Localizer(language: .es),
                input: ScriptedLineSource(["Ana", echo.password, echo.card ?? "", ":enviar", "sí", ":enviar", "sí"]),
                announcer: Announcer(engine: nil, lines: printed, transcript: transcript),
                transport: ReplyingTransport(reply: reply), log: log,
                options: SessionOptions(stillSendingAfter: .seconds(60), stillSendingEvery: .seconds(60)))
            _ = await session.run()
            transcript.close()
        } catch {
            return nil
        }
        let transcript = (try? String(contentsOfFile: transcriptPath, encoding: .utf8)) ?? ""
        let places = [
            ("a printed line", printed.lines.joined(separator: "\n")), ("the transcript", transcript),
            ("the transcript, decoded", decodedStrings(ofLines: transcript)), ("the technical log", log.text),
            ("the technical log, decoded", decodedStrings(ofLines: log.text)),
        ]
        for (place, text) in places {
            let folded = text.lowercased()
            if let fragment = echo.fragments.first(where: { folded.contains($0.lowercased()) }) {
                return
                    "\(fragment.debugDescription) (\(echo.encoding) in \(echo.shape), status \(echo.status)) in \(place)"
            }
        }
        return nil
    }

    /// Every string of every JSON line of `text`, decoded, one a line, and the JSON inside those strings too (the
    /// log holds a reply's body as a string).
    static func decodedStrings(ofLines text: String) -> String {
        var found: [String] = []
        func collect(_ value: Any, depth: Int) {
            if let string = value as? String {
                found.append(string)
                if depth < 3, let data = string.data(using: .utf8),
                    let inner = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                {
                    collect(inner, depth: depth + 1)
                }
            } else if let array = value as? [Any] {
                array.forEach { collect($0, depth: depth) }
            } else if let object = value as? [String: Any] {
                for (key, member) in object {
                    found.append(key)
                    collect(member, depth: depth)
                }
            }
        }
        for line in text.split(separator: "\n") {
            if let value = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]) {
                collect(value, depth: 0)
            }
        }
        return found.joined(separator: "\n")
    }
}
