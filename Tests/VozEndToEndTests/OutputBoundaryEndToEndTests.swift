import Foundation
import Testing

/// Issue 24, section 3: every string that came from outside Voz passes one sanitizer where it is printed, and
/// every JSON file Voz writes escapes what it carries. One hostile string — an OSC 52 clipboard write, a title
/// change, a screen clear, 8-bit CSI, OSC and ST, a direction override, a carriage return and a backspace — is put
/// into each kind of input (descriptions, recordings, replies, form files, transcripts, command-line values), and
/// each output path of the real `voz` is walked: standard output, standard error and every file it wrote.
// Serialized: each case starts real processes, and a burst of them would starve the timing tests of others.
@Suite(.serialized) struct OutputBoundaryEndToEndTests {
    static let hostile =
        "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}2J\u{9D}0;t\u{9C}\u{202E}\r\u{08}HOSTILE"

    /// What a terminal would act on: ESC, C0 controls but the line feed, DEL, C1 controls, direction overrides.
    static func terminalControls(in text: String) -> [String] {
        var found: [String] = []
        for scalar in text.unicodeScalars {
            let name: String
            switch scalar.value {
            case 0x0A: continue
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                name = "U+" + String(scalar.value, radix: 16, uppercase: true)
            default: continue
            }
            if !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// One way outside text reaches an output of voz.
    enum Path: String, CaseIterable, CustomStringConvertible {
        case descriptionNotes, descriptionForm, descriptionAuditText, descriptionAuditJSON, descriptionAuditSARIF
        case operationOption, formFileAudit, formFileRun, recordingAudit, transcriptAudit, replyReport
        case serverReplyRun, unknownCommand, unknownOption, setValue, sayText

        var description: String { rawValue }
    }

    @Test(arguments: Path.allCases)
    func nothingFromOutsideReachesATerminalRaw(path: Path) async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        var server: DemoServer?
        defer { server?.stop() }
        if path == .serverReplyRun { server = try await DemoServer.start(arguments: ["--hostile", "escapes"]) }
        let arguments = try Self.arguments(for: path, in: home, server: server)
        let output = try await VozProcess.run(
            arguments, input: ":salir\n", environment: VozProcess.environment(home: home), timeout: 60)

        // The hostile text really got in: voz said something about it, or refused it with a sentence.
        #expect(!(output.standardOutput + output.standardError).isEmpty)
        #expect(output.status < 128, "voz crashed: \(output.status)")
        #expect(Self.terminalControls(in: output.standardOutput) == [], "stdout: \(output.standardOutput.prefix(800))")
        #expect(Self.terminalControls(in: output.standardError) == [], "stderr: \(output.standardError.prefix(800))")
        for file in Self.filesWritten(under: home) {
            let text = String(decoding: file.data, as: UTF8.self)
            #expect(Self.terminalControls(in: text) == [], "\(file.path): \(text.prefix(800))")
        }
    }

    /// The sanitizer keeps what is not a control: the words around the hostile sequences survive.
    @Test func theWordsAroundTheSequencesAreKept() async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let arguments = try Self.arguments(for: .descriptionAuditText, in: home, server: nil)
        let output = try await VozProcess.run(arguments, environment: VozProcess.environment(home: home))
        #expect(output.standardOutput.contains("op HOSTILE"), "\(output.standardOutput)")
    }

    // MARK: - Inputs

    static func arguments(for path: Path, in home: URL, server: DemoServer?) throws -> [String] {
        let spec = home.appendingPathComponent("spec.json").path
        let form = home.appendingPathComponent("form.json").path
        let answers = home.appendingPathComponent("answers.txt").path
        let transcript = home.appendingPathComponent("transcript.jsonl").path
        let log = home.appendingPathComponent("voz.log").path
        try write(description(), to: spec)
        try write(formFile(), to: form)
        switch path {
        case .descriptionNotes: return ["form", "--openapi", spec, "--operation", "op" + hostile]
        case .descriptionForm:
            return ["form", "--openapi", spec, "--operation", "good" + hostile, "--output", home.path + "/out.json"]
        case .descriptionAuditText: return ["audit", "--openapi", spec]
        case .descriptionAuditJSON: return ["audit", "--openapi", spec, "--format", "json"]
        case .descriptionAuditSARIF: return ["audit", "--openapi", spec, "--format", "sarif"]
        case .operationOption: return ["form", "--openapi", spec, "--operation", "x" + hostile]
        case .formFileAudit: return ["audit", form]
        case .formFileRun:
            return ["run", form, "--speech", "none", "--transcript", transcript, "--log", log]
        case .recordingAudit:
            let cast = home.appendingPathComponent("hostile.cast").path
            try write(recording(), to: cast)
            return ["audit", "--recording", cast]
        case .transcriptAudit:
            let recorded = home.appendingPathComponent("recorded.jsonl").path
            try write(transcriptFile(), to: recorded)
            return ["audit", "--transcript", recorded]
        case .replyReport:
            let body = home.appendingPathComponent("body.json").path
            try write(replyBody(), to: body)
            return [
                "reply", root("examples/create-account.json"), "--status", "422", "--header",
                "X-Note: " + hostile, "--body", body,
            ]
        case .serverReplyRun:
            guard let server else { return [] }
            let lines = ["Ana Pérez", "ana@example.com", "secreto123", "", "", "yes", ":submit", "yes", ":quit"]
            try write(lines.joined(separator: "\n") + "\n", to: answers)
            return [
                "run", root("examples/create-account.json"), "--url", server.accountsURL.absoluteString, "--speech",
                "none", "--transcript", transcript, "--log", log, "--answers", answers,
            ]
        case .unknownCommand: return ["x" + hostile]
        case .unknownOption: return ["audit", "--x" + hostile]
        case .setValue:
            return ["run", root("examples/create-account.json"), "--speech", "none", "--set", "x\(hostile)=1"]
        case .sayText: return ["say", "Hello " + hostile, "--speech", "none"]
        }
    }

    static func root(_ relative: String) -> String {
        VozProcess.packageRoot.appendingPathComponent(relative).path
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func json(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A description whose operation id, title, description and a broken `$ref` carry the hostile text.
    static func description() throws -> String {
        let properties: [String: Any] = [
            "name": ["type": "string", "title": "Name " + hostile, "description": "Your name. " + hostile],
            "other": ["$ref": "#/components/schemas/Missing" + hostile],
        ]
        let operation: [String: Any] = [
            "operationId": "op" + hostile, "summary": "Sign up " + hostile,
            "requestBody": ["content": ["application/json": ["schema": ["type": "object", "properties": properties]]]],
            "responses": ["200": ["description": "ok " + hostile]],
        ]
        var good = operation
        good["operationId"] = "good" + hostile
        good["requestBody"] = [
            "content": ["application/json": ["schema": ["type": "object", "properties": ["name": properties["name"]]]]]
        ]
        return try json([
            "openapi": "3.0.3", "info": ["title": "T " + hostile, "version": "1"],
            "servers": [["url": "http://127.0.0.1:9/"]], "paths": ["/a": ["post": operation], "/b": ["post": good]],
        ])
    }

    static func formFile() throws -> String {
        try json([
            "id": "hostile", "title": "Form " + hostile, "locale": "en",
            "fields": [["id": "name", "label": "Name " + hostile, "kind": "text", "hint": hostile]],
            "submit": ["label": "Send", "url": "http://127.0.0.1:9/x"],
        ])
    }

    static func recording() throws -> String {
        let header = try json(["version": 2, "width": 80, "height": 24])
        let events = [
            try json([0.1, "o", "Name " + hostile + ": "] as [Any]), try json([0.5, "i", "Ana\r"] as [Any]),
            try json([0.6, "o", "Ana\r\nError: " + hostile + "\r\n"] as [Any]),
        ]
        return ([header] + events).joined(separator: "\n") + "\n"
    }

    static func transcriptFile() throws -> String {
        let events: [[String: Any]] = [
            ["time": 0, "kind": "state", "state": "idle", "text": "hostile" + hostile],
            ["time": 5, "kind": "announcement", "priority": "polite", "text": "Form " + hostile, "state": "idle"],
            ["time": 6, "kind": "prompt", "priority": "polite", "text": "Name " + hostile, "state": "idle"],
        ]
        return try events.map { try json($0) }.joined(separator: "\n") + "\n"
    }

    static func replyBody() throws -> String {
        try json([
            "title": "Invalid " + hostile, "detail": hostile,
            "errors": ["email": ["Bad " + hostile], "nowhere" + hostile: ["Unknown " + hostile]],
        ])
    }

    // MARK: - Files

    static func filesWritten(under home: URL) -> [(path: String, data: Data)] {
        let inputs: Set<String> = [
            "spec.json", "form.json", "answers.txt", "hostile.cast", "body.json", "recorded.jsonl",
        ]
        guard let walker = FileManager.default.enumerator(at: home, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, Data)] = []
        for case let url as URL in walker where !inputs.contains(url.lastPathComponent) {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let data = try? Data(contentsOf: url)
            else { continue }
            files.append((url.path, data))
        }
        return files
    }
}
