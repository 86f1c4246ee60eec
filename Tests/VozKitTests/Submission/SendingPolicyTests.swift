import Foundation
import Testing
import VozTestSupport

@testable import VozKit

/// The rules every send keeps, in the submission layer: no embedding gets past them but by the named opt-out.
@Suite struct SendingPolicyTests {
    private func form(secret: Bool, url: String = "http://example.org/x", headers: [HTTPHeader] = []) -> Form {
        Form(
            id: "f", title: "F",
            fields: [Field(id: "password", label: "Contraseña", kind: secret ? .secret : .text)],
            submit: SubmitSpec(label: "Enviar", url: literalURL(url), headers: headers))
    }

    @Test(arguments: [
        ("http://example.org/accounts", true, false, true),
        ("http://example.org/accounts", true, true, false),
        ("https://example.org/accounts", true, false, false),
        ("http://127.0.0.1:8080/accounts", true, false, false),
        ("http://[::1]:8080/accounts", true, false, false),
        ("http://localhost/accounts", true, false, false),
        ("http://127.example.org/accounts", true, false, true),
        ("http://example.org/accounts", false, false, false),
    ])
    func refusesSecretsOverPlainHTTPToAnotherMachine(url: String, secret: Bool, allow: Bool, refused: Bool) throws {
        let target = try #require(URL(string: url))
        let policy = allow ? SendingPolicy.allowingSecretsOverPlainHTTP : .standard
        let violation = policy.check(form(secret: secret, url: url))
        #expect((violation != nil) == refused)
        guard let violation else { return }
        #expect(violation == .secretsOverPlainHTTP(host: target.host ?? "", fields: ["Contraseña"]))
        for language in Language.allCases {
            // voz names its option; a tool built on VozKit says what it refused, and no option it does not have.
            let voz = violation.message(Localizer(language: language))
            for part in ["Contraseña", target.host ?? "", "https", "--allow-insecure"] {
                #expect(voz.contains(part), "\(language): \(voz)")
            }
            let tool = violation.message(Localizer(language: language, host: HostTool(name: "signup")))
            for part in ["Contraseña", target.host ?? "", "signup"] {
                #expect(tool.contains(part), "\(language): \(tool)")
            }
            #expect(!tool.contains("--"), "\(language): \(tool)")
        }
    }

    @Test(arguments: ["A\r\nX-Injected: 1", "A\nB", "A\u{0}B", "A\u{1B}[2JB", "A\u{85}B"])
    func refusesAHeaderThatHoldsALineBreakOrAControl(value: String) {
        let headers = [HTTPHeader(name: "X-Token", value: value)]
        #expect(SendingPolicy.standard.check(form(secret: false, headers: headers)) == .unsafeHeader(name: "X-Token"))
        #expect(SendingPolicy.allowingSecretsOverPlainHTTP.check(form(secret: false, headers: headers)) != nil)
        #expect(
            SendingPolicy.standard.check(form(secret: false, headers: [HTTPHeader(name: "X-Token", value: "a b")]))
                == nil)
    }

    @Test(arguments: ["http://127.0.0.1/a/../b", "http://127.0.0.1/a/./b", "http://127.0.0.1/.."])
    func refusesARequestWithADotSegment(url: String) throws {
        let request = SubmissionRequest(
            url: try #require(URL(string: url)), method: .post, headers: [], body: Data(), timeoutSeconds: 5)
        #expect(SendingPolicy.standard.check(request, of: form(secret: false)) != nil)
        let encoded = SubmissionRequest(
            url: try #require(URL(string: "http://127.0.0.1/a/%2E%2E/b")), method: .post, headers: [], body: Data(),
            timeoutSeconds: 5)
        #expect(SendingPolicy.standard.check(encoded, of: form(secret: false)) == nil)
    }

    /// A session wired by hand, with no command line in front of it, still refuses: the rule is the controller's.
    @Test func theControllerRefusesWhateverWiredIt() async {
        let transport = ScriptedTransport([.reply(status: 201)])
        let form = form(secret: true)
        let controller = SubmissionController(
            form: form, transport: transport,
            interpreter: ReplyInterpreter(form: form, localizer: Localizer(language: .en)),
            options: SubmissionController.Options(clock: ManualClock()))
        let start = await controller.beginSubmit(values: FormValues(["password": .text("s3cret-pass")]))
        guard case .refused(.unsafe(.secretsOverPlainHTTP(let host, _))) = start else {
            Issue.record("not refused: \(start)")
            return
        }
        #expect(host == "example.org")
        #expect(transport.requests.isEmpty)
    }
}
