import Foundation
import VozKit

/// What Voz reads from outside, each through the entry point `voz` itself uses.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A form file: `FormFile.decode`, then the form audit rules (`voz run`, `voz audit FORM`).
    case form
    /// A server reply with status and headers: `ReplyReport` (`voz reply`, and every session's send).
    case reply
    /// A transcript: `Transcript.parse` and the transcript rules (`voz audit --transcript`).
    case transcript
    /// An answers file or typed lines: a whole session over the example form, its send answered by a reply.
    case answers
    /// An OpenAPI description in YAML: `SpecDocument.load`, every operation's form, its decoding, typing into its
    /// fields, and the description's audit (`voz form --openapi`, `voz audit --openapi`).
    case openAPIYAML = "openapi-yaml"
    /// The same, in JSON.
    case openAPIJSON = "openapi-json"
    /// A bare JSON Schema of an object: its form, decoded, typed into and audited (`voz form --schema`).
    case jsonSchema = "json-schema"
    /// A rich form file (lists, groups, branches, secrets, path parameters, headers) with the lines typed into it,
    /// run by the real `voz run` against a local server, under oracles for leaks and injections (`RichFormOracle`).
    case richForm = "rich-form"
    /// A description whose `$ref`s name pipes, devices, folders, sockets, remote documents that lead back to a
    /// local file, and redirect loops, read by the real loader in `SpecialReferenceScene`.
    case specialReferences = "special-refs"
    /// A terminal recording (asciicast v2): replayed, audited and reported (`voz audit --recording`).
    case recording
    /// A password and an API key a server quotes back in some encoding (as typed, JSON-escaped, percent- or
    /// form-encoded, HTML-escaped, case-changed, as a member name, cut short), read by a whole session.
    case echoes
    /// A redirect chain and the proxy variables, judged hop by hop by the transport's rules.
    case hops
    /// A state folder and outputs with links, pipes, sockets, devices and folders planted at their places, written
    /// and read by the real draft, log, transcript and recording code.
    case stateFiles = "state-files"

    /// The file name extension of a saved input.
    public var fileExtension: String {
        switch self {
        case .form: return "json"
        case .reply: return "http"
        case .transcript: return "jsonl"
        case .answers: return "txt"
        case .openAPIYAML: return "yaml"
        case .openAPIJSON: return "openapi"
        case .jsonSchema: return "schema"
        case .richForm: return "richform"
        case .specialReferences: return "refs"
        case .recording: return "cast"
        case .echoes: return "echo"
        case .hops: return "hops"
        case .stateFiles: return "state"
        }
    }

    /// The target a saved input belongs to, from its extension.
    public init?(fileExtension: String) {
        guard let target = Self.allCases.first(where: { $0.fileExtension == fileExtension }) else { return nil }
        self = target
    }
}

/// Runs one input in this process. A trap ends the process; a hang is caught by whoever watches it.
public enum FuzzRunner {
    /// The form sessions and replies are read for (the Spanish example, with every field kind).
    public static let form: Form? = {
        guard let data = FuzzCorpus.exampleForm else { return nil }
        return try? FormFile.decode(data: data, path: "crear-cuenta.json").form
    }()

    public static func run(_ target: FuzzTarget, _ input: Data) async {
        switch target {
        case .form: runForm(input)
        case .reply: runReply(input)
        case .transcript: runTranscript(input)
        case .answers: await runAnswers(input, reply: FuzzCorpus.replies.first ?? Data())
        case .openAPIYAML, .openAPIJSON, .jsonSchema: await runSpec(target, input)
        case .richForm: runRichForm(input)
        case .specialReferences: await runSpecialReferences(input)
        case .recording: runRecording(input)
        case .echoes: await runEchoes(input)
        case .hops: runHops(input)
        case .stateFiles: runStateFiles(input)
        }
    }

    /// In process, only the form's decoding and audit: the session itself runs in `voz`, against a real server.
    static func runRichForm(_ input: Data) {
        guard let run = RichFormCase(input) else { return }
        runForm(run.form)
    }

    static func runForm(_ input: Data) {
        guard let document = try? FormFile.decode(data: input, path: "fuzz.json") else { return }
        _ = Auditor.audit(forms: [document], transcripts: [])
        let localizer = Localizer(language: language(for: input), overrides: document.form.messages)
        _ = ReplyReport(
            form: document.form, localizer: localizer,
            reply: HTTPReply(status: 422, body: Data(#"{"errors":{"email":["no"]}}"#.utf8)))
    }

    static func runReply(_ input: Data) {
        guard let form else { return }
        let reply = HTTPReplyFile.read(input)
        let report = ReplyReport(form: form, localizer: Localizer(language: language(for: input)), reply: reply)
        _ = report.json()
    }

    /// Either language, decided by the input, so both catalogs are reached at half the cost.
    static func language(for input: Data) -> Language {
        Language.allCases[input.count % Language.allCases.count]
    }

    static func runTranscript(_ input: Data) {
        // As `Transcript.load` reads a file: UTF-8 or nothing.
        guard let text = String(data: input, encoding: .utf8) else { return }
        guard let transcript = try? Transcript.parse(text, path: "fuzz.jsonl", form: form) else { return }
        let result = Auditor.audit(forms: [], transcripts: [transcript])
        _ = result.checks.count
    }

    /// A session over the example form fed `input` line by line (as an answers file is read), its send answered
    /// by `reply`.
    public static func runAnswers(_ input: Data, reply: Data) async {
        guard let form else { return }
        let lines = String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
        let session = Session(
            form: form, localizer: Localizer(language: .es), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: LineRecorder()),
            transport: ReplyingTransport(reply: HTTPReplyFile.read(reply)),
            options: SessionOptions(stillSendingAfter: .seconds(60), stillSendingEvery: .seconds(60)))
        _ = await session.run()
    }
}

/// A transport that answers every send with one reply, at once.
struct ReplyingTransport: Transport {
    let reply: HTTPReply

    func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
        reply
    }
}
