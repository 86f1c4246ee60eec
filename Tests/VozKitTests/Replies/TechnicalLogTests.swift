import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

@Suite struct TechnicalLogTests {
    static let redactor = LogRedactor(form: ServerFixtures.form, submitted: ServerFixtures.submitted)

    @Test func credentialHeadersAreRedacted() {
        let headers = Self.redactor.headers([
            HTTPHeader(name: "Authorization", value: "Bearer abc.def"),
            HTTPHeader(name: "Cookie", value: "session=1"),
            HTTPHeader(name: "set-cookie", value: "a=1"),
            HTTPHeader(name: "Set-Cookie", value: "b=2"),
            HTTPHeader(name: "Proxy-Authorization", value: "Basic eA=="),
            HTTPHeader(name: "Idempotency-Key", value: "8e03978e"),
        ])
        #expect(headers["Authorization"] == LogRedactor.mask)
        #expect(headers["Cookie"] == LogRedactor.mask)
        #expect(headers["set-cookie"] == LogRedactor.mask)
        #expect(headers["Set-Cookie"] == LogRedactor.mask)
        #expect(headers["Proxy-Authorization"] == LogRedactor.mask)
        #expect(headers["Idempotency-Key"] == "8e03978e")
    }

    @Test(arguments: [
        #"{"email":"ana@","password":"whatever-was-sent"}"#,
        #"{"detail":[{"loc":["body","password"],"msg":"too short","input":"xyz"}]}"#,
        #"{"errors":[{"type":"field","value":"xyz","msg":"Invalid value","path":"password","location":"body"}]}"#,
        "email=ana%40&password=whatever",
        "<p>hunter2</p>",
    ])
    func secretsAreRedactedFromBodies(_ body: String) {
        let logged = Self.redactor.body(Data(body.utf8))
        #expect(logged.contains(LogRedactor.mask))
        for secret in ["hunter2", "whatever-was-sent", "\"xyz\"", "password=whatever"] {
            #expect(!logged.contains(secret))
        }
    }

    /// Found by the rich-form fuzzer (seed 20, inputs 34607 and 49137): a server that cuts what it echoes cut the
    /// password too, and the cut copy, no longer the whole secret, reached the log.
    @Test(arguments: [
        (#"{"title":"Invalid {\"password\":\"Sk5bqgzuvvhavMjn9223372"}"#, true),
        (#"{"title":"You sent Sk5bqgzuvvhav…"}"#, true), (#"{"title":"You sent 'Sk5bqgzuvv' back"}"#, true),
        // Issue 36: six characters of it are a piece worth masking; five are not.
        (#"{"title":"Sk5bq is too short to be a copy"}"#, false), (#"{"title":"Sk5bqg is a piece of it"}"#, true),
        (#"{"title":"Sk5bqgzuvvhavMjn, then more words"}"#, true),
    ])
    func aSecretTheServerCutShortIsMaskedToo(body: String, masked: Bool) throws {
        var submitted = ServerFixtures.submitted
        submitted["password"] = .text("Sk5bqgzuvvhavMjn9223372036854775808")
        let redactor = LogRedactor(form: ServerFixtures.form, submitted: submitted)
        let logged = redactor.body(Data(body.utf8))
        #expect(logged.contains(LogRedactor.mask) == masked, "\(logged)")
    }

    /// Issue 24, item 4: a server that quotes the password typed before the current one. Only the submitted value
    /// was looked for, so the old one reached the log and, through the field's message, the user.
    @Test func aFormerSecretIsRedactedAsTheCurrentOneIs() throws {
        let former = "Old-Secret-2019"
        let redactor = LogRedactor(
            form: ServerFixtures.form, submitted: ServerFixtures.submitted, formerSecrets: [former, "hunter"])
        let body = #"{"detail":[{"loc":["body","email"],"msg":"Value error, Old-Secret-2019 was used before"}]}"#
        let logged = redactor.body(Data(body.utf8))
        #expect(!logged.contains("Old-Secret"), "\(logged)")
        #expect(redactor.text("hunter2 then hunter") == "\(LogRedactor.mask) then \(LogRedactor.mask)")

        let interpreter = ReplyInterpreter(
            form: ServerFixtures.form, localizer: ServerFixtures.english, submitted: ServerFixtures.submitted,
            formerSecrets: [former])
        let outcome = interpreter.interpret(
            HTTPReply(
                status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                body: Data(body.utf8)))
        guard case .failure(let failure) = outcome else {
            Issue.record("not a failure: \(outcome)")
            return
        }
        let said = ([failure.message] + failure.fieldErrors.map(\.message)).joined(separator: " ")
        #expect(!said.contains("Old-Secret"), "\(said)")
        #expect(failure.fieldErrors.map(\.fieldID) == ["email"])
    }

    @Test func bodiesAreCutAtTheLimit() {
        let body = String(repeating: "ñ", count: 5000)
        let logged = Self.redactor.body(Data(body.utf8))
        #expect(logged.hasPrefix(String(repeating: "ñ", count: 2048) + "…"))
        #expect(logged.hasSuffix("[5904 more bytes]"))
    }

    @Test func writesJSONLinesToAPrivateFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try FileTechnicalLog(environment: ["XDG_STATE_HOME": folder.path])
        #expect(log.path == folder.appendingPathComponent("voz/voz.log").path)
        let reply = try ServerFixtures.reply("fastapi-pydantic")
        log.write(.reply(reply, form: ServerFixtures.form, redactor: Self.redactor, notes: ["format: pydantic"]))
        log.write(.transportError(.timedOut, form: ServerFixtures.form, redactor: Self.redactor))
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONDecoder().decode([String: AnyCodableValue].self, from: Data(lines[0].utf8))
        #expect(first["event"] == .string("reply"))
        #expect(first["status"] == .number(422))
        #expect(!text.contains(ServerFixtures.secret))
        let fileMode = try FileManager.default.attributesOfItem(atPath: log.path)[.posixPermissions] as? Int
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("voz").path)[
                .posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(FileTechnicalLog.defaultPath(environment: ["XDG_STATE_HOME": "/s"]) == "/s/voz/voz.log")
        #expect(
            FileTechnicalLog.defaultPath(environment: ["HOME": "/home/ana"]) == "/home/ana/.local/state/voz/voz.log")
        #expect(
            FileTechnicalLog.defaultPath(environment: ["HOME": "/home/ana", "XDG_STATE_HOME": "relative"])
                == "/home/ana/.local/state/voz/voz.log")
    }

    @Test func anUnwritablePlaceIsOneClearSentence() {
        #expect(throws: TechnicalLogError.cannotOpen(path: "/proc/voz.log")) {
            try FileTechnicalLog(path: "/proc/voz.log")
        }
        #expect(
            TechnicalLogError.cannotOpen(path: "/x/voz.log").message(ServerFixtures.spanish)
                == "No se puede escribir el registro técnico en /x/voz.log.")
    }

    @Test func theInterpreterLogsWhatItReads() throws {
        let log = MemoryTechnicalLog()
        let interpreter = ReplyInterpreter(
            form: ServerFixtures.form, localizer: ServerFixtures.spanish, submitted: ServerFixtures.submitted, log: log)
        _ = interpreter.interpret(try ServerFixtures.reply("nginx-502"))
        _ = interpreter.interpret(.cannotConnect(detail: "Connection refused"))
        #expect(log.entries.map(\.event) == ["reply", "transportError"])
        #expect(log.entries[0].status == 502)
        #expect(log.entries[0].body?.contains("502 Bad Gateway") == true)
        #expect(log.entries[0].detail?.contains("HTML body") == true)
        #expect(log.entries[1].detail == "cannot connect: Connection refused")
    }
}

/// Just enough of a JSON value to read a log line back.
enum AnyCodableValue: Decodable, Equatable {
    case string(String), number(Double), other

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .other
        }
    }
}
