import Foundation
import Testing
import VozKit
import VozReplies
import VozTestTraits

@testable import VozFuzzing

/// The targets of issue 37's hostile classes (`echoes`, `hops`, `state-files`): a seeded slice of each runs clean
/// through its oracle, the slice reaches every kind of case, and each oracle sees the breach it is there for.
@Suite(.timeLimit(.minutes(3)), .ownThread) struct FuzzHostileInputTests {
    /// Three hundred inputs of `target` from seed 1019, by their indices in a whole run.
    static func slice(_ target: FuzzTarget, count: Int = 300) -> [Int] {
        Array((0..<(count * FuzzTarget.allCases.count)).filter { FuzzInputs.target(index: $0) == target }.prefix(count))
    }

    static let echoes = slice(.echoes).compactMap { EchoCase(FuzzInputs.make(seed: 1019, index: $0)) }
    static let hops = slice(.hops).compactMap { HopCase(FuzzInputs.make(seed: 1019, index: $0)) }
    static let stateCases = slice(.stateFiles).compactMap { StateFileCase(FuzzInputs.make(seed: 1019, index: $0)) }

    // MARK: - Echoes

    @Test func theEchoSliceReachesEveryEncodingAndShape() {
        #expect(Self.echoes.count == 300)
        #expect(Set(Self.echoes.map(\.encoding)) == Set(EchoCase.encodings))
        #expect(Set(Self.echoes.map(\.shape)) == Set(EchoCase.shapes))
        // Cut copies and quoted keys both come up.
        #expect(
            Self.echoes.contains { echo in
                echo.fragments.contains { $0 != echo.password && echo.password.hasPrefix($0) }
            })
        #expect(
            Self.echoes.contains { echo in
                echo.body.lowercased().contains(echo.apiKey.split(separator: " ").last.map { $0.lowercased() } ?? "-")
            })
    }

    @Test func theEchoSliceLeaksNoFragment() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-echo-test-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (number, echo) in Self.echoes.enumerated() {
            let breach = await FuzzRunner.echoBreach(echo, folder: folder)
            #expect(breach == nil, "case \(number): \(breach ?? "")")
        }
    }

    /// The oracle reads what the session printed: a fragment that is the secret field's own label is found.
    @Test func theEchoOracleSeesWhatTheSessionSaid() async throws {
        var echo = try #require(Self.echoes.first)
        echo.fragments = ["Contraseña"]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-echo-oracle-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let breach = await FuzzRunner.echoBreach(echo, folder: folder)
        #expect(breach?.contains("a printed line") == true)
        // The answers were sent and the reply read: the log holds the reply.
        echo.fragments = [#""event":"reply""#]
        let logged = await FuzzRunner.echoBreach(echo, folder: folder)
        #expect(logged?.contains("the technical log") == true)
    }

    /// Seed 19, input 911349: the password lower-cased as a member name was said as the field's name.
    @Test func aLowerCasedPasswordAsAMemberNameIsNotSaid() async {
        let echo = EchoCase(
            password: "m55[NLxR9qAh", apiKey: "Bearer XYdZ2Yab5577", status: 409,
            headers: [["Content-Type", "application/json"]], body: #"{"errors":{"m55[nlxr9qah":["not allowed"]}}"#,
            encoding: "lower", shape: "member-name",
            fragments: ["m55[nlxr9qah", "m55[NLxR9qAh", "m55 NLxR9qAh", "Bearer XYdZ2Yab5577"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-echo-911349-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let breach = await FuzzRunner.echoBreach(echo, folder: folder)
        #expect(breach == nil, "\(breach ?? "")")
    }

    /// Seed 20, input 58562: the first 8 characters of the password, upper-cased, as a member name ending in a
    /// quote; the log's note named the field without the quote, 7 characters too few to be found as a cut copy.
    /// The reply reading now judges the names as the server sent them.
    @Test func aCutPasswordAsAMemberNameIsNotNamedInTheLog() async {
        let password = #"KD?vH😀*"TZ3'#*-m"pRoTJ]n€]"#
        let echo = EchoCase(
            password: password, apiKey: "Bearer 8d51Yaa40X6b7", status: 403,
            headers: [["Content-Type", "application/json"]], body: #"{"errors":{"KD?VH😀*\"":["not allowed"]}}"#,
            encoding: "upper", shape: "member-name",
            fragments: [#"KD?VH😀*""#, #"KD?vH😀*""#, password, "Bearer 8d51Yaa40X6b7"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-echo-58562-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let breach = await FuzzRunner.echoBreach(echo, folder: folder)
        #expect(breach == nil, "\(breach ?? "")")
    }

    @Test func theFuzzersEncodersWriteWhatServersWrite() {
        #expect(EchoCase.encode("a\"b/é<", as: "json") == #"a\"b\/é<"#)
        #expect(EchoCase.encode("a\"é😀", as: "json-ascii") == #"a\"\u00e9\ud83d\ude00"#)
        #expect(EchoCase.encode("a<&", as: "json-html") == #"a\u003c\u0026"#)
        #expect(EchoCase.encode("a b@~", as: "percent") == "a%20b%40~")
        #expect(EchoCase.encode("a b@*", as: "form") == "a+b%40*")
        #expect(EchoCase.encode("<'\"&", as: "html") == "&lt;&#39;&quot;&amp;")
    }

    // MARK: - Hops

    @Test func theHopSliceHoldsEveryRule() {
        #expect(Self.hops.count == 300)
        for breach in Self.hops.compactMap(FuzzRunner.hopBreach) { Issue.record("\(breach)") }
        #expect(Self.hops.contains { !$0.secretFields.isEmpty && $0.url.hasPrefix("https") })
        #expect(Self.hops.contains { !$0.proxies.isEmpty })
        #expect(Set(Self.hops.flatMap { $0.hops.map(\.status) }).isSuperset(of: [301, 302, 303, 307, 308]))
    }

    /// The oracle's own notions: this machine from its lists, origins with the scheme's port.
    @Test func theHopOracleKnowsOriginsAndThisMachine() throws {
        #expect(HopCase.isThisMachine("[::1]") && HopCase.isThisMachine("LOCALHOST"))
        #expect(!HopCase.isThisMachine("127.0.0.1.nip.io") && !HopCase.isThisMachine("localhost.example.com"))
        let https = try #require(URL(string: "https://a.example/x"))
        #expect(FuzzRunner.sameOrigin(https, try #require(URL(string: "https://A.example:443/y"))))
        #expect(!FuzzRunner.sameOrigin(https, try #require(URL(string: "http://a.example/x"))))
        #expect(!FuzzRunner.sameOrigin(https, try #require(URL(string: "https://a.example:8443/x"))))
    }

    /// A chain the rules must stop: a 307 from https to another machine in clear text, with the password and the
    /// key. The transport's rules refuse the hop, so the oracle sees no breach; the same hop with the person's
    /// --allow-insecure goes, without the key.
    @Test func aPasswordRedirectedToPlainHTTPElsewhereIsRefused() {
        var hopCase = HopCase(
            method: "POST", url: "https://127.0.0.1/submit",
            headers: [["X-Api-Key", HopCase.apiKey, "VOZ_API_KEY"], ["Authorization", "Bearer t", ""]],
            body: #"{"password":"\#(HopCase.password)"}"#, secretFields: ["Contraseña"], allowsCleartext: false,
            hops: [HopCase.Hop(status: 307, location: "http://evil.test/steal")], proxies: ["https_proxy": "http://p:1"]
        )
        #expect(FuzzRunner.hopBreach(hopCase) == nil)
        hopCase.allowsCleartext = true
        #expect(FuzzRunner.hopBreach(hopCase) == nil)
    }

    /// The oracle sees each breach it is there for, on hops made by hand: the password in clear text to another
    /// machine, answers first sent over https sent on in clear text, a key off its origin, this machine via a proxy.
    @Test func theHopOracleSeesEachBreach() throws {
        let origin = try #require(URL(string: "https://127.0.0.1/submit"))
        let elsewhere = try #require(URL(string: "http://evil.test/x"))
        let password = CurlRequest(url: elsewhere, method: "POST", body: Data(HopCase.password.utf8))
        #expect(FuzzRunner.hopBreach(password, origin: origin, allowsCleartext: false)?.contains("password") == true)
        let answers = CurlRequest(url: elsewhere, method: "POST", body: Data("name=Ana".utf8))
        #expect(FuzzRunner.hopBreach(answers, origin: origin, allowsCleartext: false)?.contains("https") == true)
        #expect(FuzzRunner.hopBreach(answers, origin: origin, allowsCleartext: true) == nil)
        let key = CurlRequest(
            url: try #require(URL(string: "https://127.0.0.1:8443/x")),
            headers: [HTTPHeader(name: "X-Api-Key", value: HopCase.apiKey, environmentVariable: "K")])
        #expect(FuzzRunner.hopBreach(key, origin: origin, allowsCleartext: false)?.contains("X-Api-Key") == true)
        let proxied = HopRouting(isLoopback: { _ in false }, environment: ["http_proxy": "http://p.example:3128"])
        let local = try #require(URL(string: "http://localhost:8080/x"))
        #expect(FuzzRunner.proxyBreach(local, routing: proxied) != nil)
        #expect(FuzzRunner.proxyBreach(local, routing: HopRouting(environment: proxied.environment)) == nil)
    }

    // MARK: - State files

    @Test func theStateSliceReachesEveryPlantAndOperation() {
        #expect(Self.stateCases.count == 300)
        let plants = Set(Self.stateCases.flatMap(\.plants.values))
        #expect(plants == Set(StateFileScene.Plant.allCases.map(\.rawValue)))
        #expect(Set(Self.stateCases.flatMap(\.operations)) == Set(StateFileCase.operations))
    }

    @Test func theStateSliceKeepsTheCanaryAndEveryPlant() {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("voz-state-test-\(getpid())")
        defer { try? FileManager.default.removeItem(at: parent) }
        for (number, stateCase) in Self.stateCases.enumerated() {
            let breach = FuzzRunner.stateFileBreach(stateCase, parent: parent, index: number)
            #expect(breach == nil, "case \(number): \(breach ?? "")")
        }
    }

    /// Planted data in the drafts folder is outside input: a draft whose pending sends carry keys that are not keys
    /// keeps its answers and its one good key; a huge file, a draft cut short and another form's draft (the canary
    /// in its answers) read as no draft; and another form's draft beside this one is never touched.
    @Test(arguments: ["bad-keys", "huge", "malformed", "other-form"])
    func plantedDraftDataIsReadAsOutsideInput(plant: String) throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("voz-state-\(plant)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: parent) }
        let scene = try StateFileScene(parent: parent, index: 0)
        let planted = scene.plant(["state/voz/drafts/fuzz.json": plant])
        #expect(planted.count == 1)
        let state = scene.root.appendingPathComponent("state/voz").path
        chmod(state, 0o700)
        chmod(state + "/drafts", 0o700)
        let draft = DraftStore(folder: state + "/drafts", within: state).load(formID: "fuzz")
        if plant == "bad-keys" {
            #expect(draft?.answers == ["name": "Ana"])
            #expect(draft?.pendingAttempts.map(\.key.value) == [StateFileScene.goodKey])
        } else {
            #expect(draft == nil)
        }
        let stateCase = StateFileCase(
            plants: ["state/voz/drafts/fuzz.json": plant, StateFileCase.otherDraft: "other-form"],
            operations: ["draft-load", "draft-save", "draft-load", "draft-delete", "draft-save-full"])
        #expect(FuzzRunner.stateFileBreach(stateCase, parent: parent, index: 1) == nil)
        #expect(FuzzRunner.isStorableKey(StateFileScene.goodKey))
        let broken = ["", "k\r\nX: 1", "a\u{0}b", String(repeating: "k", count: 256)]
        #expect(!broken.contains(where: FuzzRunner.isStorableKey))
    }

    /// A full disk (a 64 KiB tmpfs, filled; root only): a draft with answers and pending sends is not saved, the
    /// failure is the system's "no space", and the draft that was there reads back whole with nothing left beside.
    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskFailsTheSaveAndKeepsTheDraft() throws {
        let scene = try #require(FullDiskScene.shared, "no tmpfs could be mounted")
        for (bytes, attempts) in [(8_192, 3), (10, 0), (100, 16)] {
            let breach = scene.saveBreach(answerBytes: bytes, attempts: attempts)
            #expect(breach == nil, "\(bytes) bytes, \(attempts) attempts: \(breach ?? "")")
        }
    }

    /// The scene's oracle sees a canary written and a pipe chmod-ed.
    @Test func theStateOracleSeesTheCanaryChanged() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("voz-state-oracle-\(getpid())")
        defer { try? FileManager.default.removeItem(at: parent) }
        let scene = try StateFileScene(parent: parent, index: 0)
        let planted = scene.plant(["state/voz/voz.log": "fifo", "state/voz/drafts/fuzz.json": "link-canary-file"])
        #expect(planted.count == 2)
        let before = scene.snapshot(planted)
        #expect(scene.change(from: before, to: scene.snapshot(planted)) == nil)
        chmod(scene.root.appendingPathComponent("state/voz/voz.log").path, 0o600)
        #expect(scene.change(from: before, to: scene.snapshot(planted)) != nil)
        let written = scene.snapshot(planted)
        try Data("x".utf8).write(to: scene.root.appendingPathComponent("outside/canary.json"))
        #expect(scene.change(from: written, to: scene.snapshot(planted))?.contains("canary") == true)
    }
}
