import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

/// The pure rules behind every hop of a send: which redirects the sending rules refuse, which headers leave with a
/// redirect, and which proxy a hop goes through.
@Suite struct HopRulesTests {
    static let secrets = TransitRules(secretFields: ["Contraseña"])
    static let routing = HopRouting(environment: [:])

    static func next(_ url: String, body: Bool = true) -> CurlRequest {
        CurlRequest(url: literalURL(url), method: body ? "POST" : "GET", body: body ? Data("{}".utf8) : nil)
    }

    // MARK: - Redirects and the sending rules

    @Test(arguments: [
        // Secrets in clear text to another machine: refused, whatever the first address was.
        ("https://api.example.com/a", "http://evil.example.net/b", true, true, false),
        ("http://127.0.0.1:8080/a", "http://evil.example.net/b", true, true, false),
        // Answers sent encrypted are never sent on in the clear, secrets or not.
        ("https://api.example.com/a", "http://api.example.com/b", false, true, false),
        // What the first address may receive, so may a redirect.
        ("http://example.org/a", "http://example.net/b", false, true, true),
        ("https://api.example.com/a", "https://elsewhere.example.org/b", true, true, true),
        ("https://api.example.com/a", "http://localhost:9/b", true, true, true),
        // Without the body, a redirect carries no answers.
        ("https://api.example.com/a", "http://evil.example.net/b", true, false, true),
    ])
    func aRedirectIsJudgedByTheRulesOfTheFirstAddress(
        origin: String, target: String, secrets: Bool, body: Bool, allowed: Bool
    ) {
        let rules = secrets ? Self.secrets : TransitRules()
        let refusal = rules.refusal(
            of: Self.next(target, body: body), origin: literalURL(origin), routing: Self.routing)
        #expect((refusal == nil) == allowed, "\(origin) → \(target): \(refusal ?? "followed")")
        if let refusal { #expect(refusal.contains(target)) }
    }

    @Test func allowInsecureLetsSecretsFollowARedirectInClearText() {
        let rules = TransitRules(secretFields: ["Contraseña"], allowsCleartext: true)
        let next = Self.next("http://evil.example.net/b")
        #expect(rules.refusal(of: next, origin: literalURL("https://api.example.com/a"), routing: Self.routing) == nil)
    }

    @Test func thePolicyHandsTheTransportTheFormsSecretsAndItsOptOut() {
        let form = Form(
            id: "f", title: "F",
            fields: [Field(id: "email", label: "Correo"), Field(id: "pin", label: "PIN", kind: .secret)],
            submit: SubmitSpec(label: "Enviar", url: literalURL("https://api.example.com/a")))
        #expect(SendingPolicy.standard.transitRules(for: form) == TransitRules(secretFields: ["PIN"]))
        #expect(SendingPolicy.allowingSecretsOverPlainHTTP.transitRules(for: form).allowsCleartext)
        let request = SubmissionRequestBuilder(form: form, language: .es).request(
            values: FormValues(["email": .text("a@b.c"), "pin": .text("1234")]), key: IdempotencyKey("k"))
        #expect(request.transit == TransitRules(secretFields: ["PIN"]))
    }

    // MARK: - Proxies

    @Test(arguments: ["http://127.0.0.1:8080/a", "https://localhost/a", "http://[::1]:9/a"])
    func thisMachineGoesDirectlyWhateverTheEnvironmentSays(url: String) {
        let routing = HopRouting(
            environment: ["http_proxy": "http://proxy.example.net:3128", "ALL_PROXY": "http://proxy.example.net:3128"])
        #expect(routing.proxy(for: literalURL(url)) == HopRouting.Proxy(address: "", bypass: "*"))
    }

    /// As libcurl reads them: only a lower-case `http_proxy` for http (a CGI program gets `HTTP_PROXY` from a
    /// request header), either case for https, then `all_proxy`; `no_proxy` goes along for libcurl to apply.
    @Test(arguments: [
        (["HTTP_PROXY": "http://a:1"], "http://example.org/", ""),
        (["http_proxy": "http://a:1"], "http://example.org/", "http://a:1"),
        (["http_proxy": "http://a:1"], "https://example.org/", ""),
        (["HTTPS_PROXY": "http://b:2"], "https://example.org/", "http://b:2"),
        (["https_proxy": "http://c:3", "HTTPS_PROXY": "http://b:2"], "https://example.org/", "http://c:3"),
        (["ALL_PROXY": "socks5h://d:4"], "http://example.org/", "socks5h://d:4"),
        (["all_proxy": "http://e:5", "http_proxy": ""], "http://example.org/", "http://e:5"),
    ])
    func anotherMachineGoesThroughTheProxyTheEnvironmentNames(
        environment: [String: String], url: String, proxy: String
    ) {
        var settings = environment
        settings["no_proxy"] = "intranet.example"
        let chosen = HopRouting(environment: settings).proxy(for: literalURL(url))
        #expect(chosen.address == proxy)
        #expect(chosen.bypass == (proxy.isEmpty ? "*" : "intranet.example"))
    }
}
