import Foundation
import Testing
import VozTestSupport

@testable import VozKit

/// `FormRunner`, the one entry point of `voz` and of tools built on VozKit, with every piece it can be given
/// replaced: lines in, lines out, transport, clock. How each run ends is a value a tool can act on.
@Suite struct FormRunnerTests {
    static let url = literalURL("https://accounts.example.org/accounts")

    static func form(url: URL = url) -> Form {
        Form("Sign up", locale: "en", sendTo: url) {
            Field.text("Full name", id: "name").required()
            Field.email("E-mail", id: "email").required()
            Field.secret("Password", id: "password").required().minLength(8)
            Field.choice("Plan", options: [.option("Free", value: "free"), .option("Pro", value: "pro")])
            Field.confirm("I accept the terms", id: "terms").required()
        }
    }

    static let answers = ["Ana Pérez", "ana@example.com", "correct horse", "2", "yes"]

    /// A runner over a script: text only, no draft, no signals, a clock nothing advances. Its state folder is a
    /// fresh temporary one: a run without drafts still keeps an unanswered send (and holds the draft's lock).
    static func runner(_ lines: [String], _ steps: [ScriptedTransport.Step]) -> (
        FormRunner, LineRecorder, ScriptedTransport
    ) {
        let printed = LineRecorder()
        let transport = ScriptedTransport(steps)
        var runner = FormRunner(speech: .textOnly)
        runner.host = HostTool(name: "signup")
        runner.input = ScriptedLineSource(lines)
        runner.output = printed
        runner.transport = transport
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("voz-runner-\(UUID().uuidString)")
        runner.environment = ["LANG": "C.UTF-8", "XDG_STATE_HOME": state.path]
        runner.drafts = .none
        runner.handlesSignals = false
        runner.clock = ManualClock()
        return (runner, printed, transport)
    }

    /// The answers a tool decodes into its own struct, one property a field id.
    struct SignUp: Decodable, Equatable {
        var name: String
        var email: String
        var password: String
        var plan: String?
        var terms: Bool
    }

    @Test func aSentFormGivesItsReceiptAndTheAnswersTyped() async throws {
        let (runner, printed, transport) = Self.runner(
            Self.answers + [":submit"], [.reply(status: 201, body: #"{"id": "42"}"#)])
        let outcome = try await runner.run(Self.form())
        #expect(outcome.ending == .sent(Receipt(message: "Form sent.", reference: "42")), "\(printed.lines)")
        #expect(outcome.exitStatus == 0)
        #expect(outcome.answers.text("email") == "ana@example.com")
        #expect(outcome.answers["terms"] == .bool(true))
        let decoded = try outcome.answers.decode(SignUp.self)
        #expect(
            decoded
                == SignUp(
                    name: "Ana Pérez", email: "ana@example.com", password: "correct horse", plan: "pro", terms: true))
        #expect(transport.requests.count == 1)
        #expect(!printed.lines.joined().contains("correct horse"))
    }

    @Test func aRejectionGivesTheFieldErrorsInFormOrderWithTheirLabels() async throws {
        // The server lists the password first; the form asks the e-mail first, and so does the outcome.
        let body = #"""
            {"type": "about:blank", "title": "Invalid", "status": 422, "errors": [
              {"detail": "Too common.", "pointer": "#/password"},
              {"detail": "Already registered.", "pointer": "#/email"}]}
            """#
        let (runner, printed, _) = Self.runner(
            Self.answers + [":submit"],
            [
                .reply(
                    status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/problem+json")],
                    body: body)
            ])
        let outcome = try await runner.run(Self.form())
        guard case .rejected(let rejection) = outcome.ending else {
            Issue.record("not rejected: \(outcome.ending); heard \(printed.lines)")
            return
        }
        #expect(rejection.fields.map(\.id) == ["email", "password"])
        #expect(rejection.fields.map(\.label) == ["E-mail", "Password"])
        #expect(rejection.fields.map(\.message) == ["Already registered.", "Too common."])
        #expect(outcome.exitStatus == 1)
    }

    @Test func aFailureThatPassesGivesTheRetryAdvice() async throws {
        let (runner, _, _) = Self.runner(
            Self.answers + [":submit"],
            [.reply(status: 503, headers: [HTTPHeader(name: "Retry-After", value: "30")])])
        let outcome = try await runner.run(Self.form())
        guard case .failedTransiently(let failure) = outcome.ending else {
            Issue.record("not a transient failure: \(outcome.ending)")
            return
        }
        #expect(failure.retryAfter == .seconds(30))
        // The time to retry comes from Retry-After, said right after: no "in a moment" that could disagree with it.
        #expect(failure.message == "The server is busy.")
    }

    @Test(arguments: [([":quit"], FormOutcome.Ending.quit), ([], .inputEnded)])
    func leavingAndRunningOutOfInputAreTold(extra: [String], ending: FormOutcome.Ending) async throws {
        let (runner, _, transport) = Self.runner(Array(Self.answers.prefix(2)) + extra, [])
        let outcome = try await runner.run(Self.form())
        #expect(outcome.ending == ending)
        #expect(transport.requests.isEmpty)
    }

    /// A password over plain HTTP to another machine is refused before anything is said or sent, in a sentence
    /// naming the tool and no option it does not have.
    @Test func aPasswordInTheClearIsRefusedBeforeTheRun() async {
        let (runner, printed, transport) = Self.runner(Self.answers + [":submit"], [.reply(status: 201)])
        do {
            _ = try await runner.run(Self.form(url: literalURL("http://accounts.example.org/accounts")))
            Issue.record("the run was not refused")
        } catch {
            #expect(error.reason == .unsafe(.secretsOverPlainHTTP(host: "accounts.example.org", fields: ["Password"])))
            #expect(error.message.hasPrefix("signup will not send Password"), "\(error.message)")
            #expect(!error.message.contains("--"))
        }
        #expect(printed.lines.isEmpty && transport.requests.isEmpty)
        var allowed = runner
        allowed.policy = .allowingSecretsOverPlainHTTP
        let outcome = try? await allowed.run(Self.form(url: literalURL("http://accounts.example.org/accounts")))
        #expect(outcome?.isSent == true)
    }

    @Test func anAnswerGivenInAdvanceForNoFieldIsRefused() async {
        var (runner, _, _) = Self.runner([], [])
        runner.presetAnswers = ["emial": "ana@example.com"]
        await #expect(throws: FormRunError.self) { try await runner.run(Self.form()) }
    }

    /// Issue 36: a password given with `--set` would stay in the shell's history and in `ps`: refused, naming the
    /// safe ways, before anything is said or sent.
    @Test func aPasswordGivenInAdvanceIsRefused() async {
        var (runner, printed, transport) = Self.runner([], [])
        runner.presetAnswers = ["name": "Ana", "password": "correct horse"]
        do {
            _ = try await runner.run(Self.form())
            Issue.record("the run was not refused")
        } catch {
            #expect(error.reason == .sensitivePreset("password"))
            #expect(error.message.hasPrefix("--set password is refused: Password would stay"), "\(error.message)")
            #expect(!error.message.contains("correct horse"))
        }
        #expect(printed.lines.isEmpty && transport.requests.isEmpty)
    }

    /// Unattended, each answer given in advance that its field refuses is one line, and the run does not start;
    /// before, it was kept silently and the end said "required" of a field that had a value.
    @Test func answersGivenInAdvanceThatTheFieldsRefuseAreEachOneLine() async {
        var (runner, printed, transport) = Self.runner([], [])
        runner.presetAnswers = ["email": "ana-example.com", "plan": "7", "name": "Ana"]
        do {
            _ = try await runner.run(Self.form())
            Issue.record("the run was not refused")
        } catch {
            #expect(error.reason == .invalidPresets(["email", "plan"]))
            let lines = error.message.split(separator: "\n")
            #expect(lines.count == 2, "\(error.message)")
            #expect(lines.first?.hasPrefix("--set email was not accepted: E-mail") == true)
            #expect(lines.last?.hasPrefix("--set plan was not accepted: Plan") == true)
        }
        #expect(printed.lines.isEmpty && transport.requests.isEmpty)
    }

    /// Drafts go under the tool's own name in XDG state, never under voz's, and hold no secret.
    @Test func theDraftIsKeptUnderTheToolsOwnName() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("voz-runner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var (runner, _, _) = Self.runner(Self.answers + [":quit"], [])
        runner.environment["XDG_STATE_HOME"] = state.path
        runner.drafts = .standard
        _ = try await runner.run(Self.form())
        let drafts = state.appendingPathComponent("signup/drafts")
        let files = try FileManager.default.contentsOfDirectory(atPath: drafts.path)
        let name = "signUp@\(Self.form().submit.destinationTag).json"
        #expect(files == [name])
        let text = try String(contentsOf: drafts.appendingPathComponent(name), encoding: .utf8)
        #expect(text.contains("ana@example.com") && !text.contains("correct horse"))
        #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("voz").path))
    }
}
