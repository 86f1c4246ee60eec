import Foundation
import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI
@testable import VozReplies
@testable import VozSupport

/// libcurl is opened with dlopen on the first send or download: a missing library is one sentence and nothing
/// sent, never a crash, and a voz that sends nothing runs without it.
@Suite struct CurlLibraryTests {
    static let missing = "libcurl-missing.so.4"

    /// A library that cannot be opened, as `dlopen` would say it.
    static let unavailable: @Sendable () throws(SharedLibrary.LoadError) -> CurlLibrary = {
        () throws(SharedLibrary.LoadError) -> CurlLibrary in
        throw SharedLibrary.LoadError(library: missing, detail: "\(missing): cannot open shared object file")
    }

    // MARK: - Loading

    @Test func theInstalledLibraryResolvesEveryFunctionVozCalls() throws {
        let library = try CurlLibrary.shared()
        #expect(library.userAgent.contains("curl/"))
    }

    @Test func aMissingLibraryIsAnErrorNamingIt() {
        #expect {
            _ = try CurlLibrary(soname: Self.missing)
        } throws: { error in
            guard let error = error as? SharedLibrary.LoadError else { return false }
            return error.library == Self.missing && error.detail.contains(Self.missing)
        }
    }

    @Test func aSendWithoutTheLibraryFailsAndSendsNothing() async throws {
        let server = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { server.stop() }
        let request = SubmissionRequest(
            url: server.url("/accounts"), method: .post, headers: [], body: Data("{}".utf8), timeoutSeconds: 5)
        let transport = CurlTransport(replyLimit: CurlTransport.defaultReplyLimit, library: Self.unavailable)
        do {
            _ = try await transport.send(request)
            Issue.record("the send went through without libcurl")
        } catch {
            guard case .networkLibraryMissing(let detail) = error else {
                Issue.record("expected networkLibraryMissing, got \(error)")
                return
            }
            #expect(detail.contains(Self.missing), "the technical log keeps dlopen's words: \(detail)")
        }
        #expect(server.requests.isEmpty)
    }

    @Test func aDownloadWithoutTheLibraryIsItsOwnReasonAndFilesStillLoad() async throws {
        let loader = CurlSpecLoader(library: Self.unavailable)
        do {
            _ = try await loader.load("http://127.0.0.1:9/api.yaml")
            Issue.record("the download went through without libcurl")
        } catch {
            guard case .networkLibraryMissing = error else {
                Issue.record("expected networkLibraryMissing, got \(error)")
                return
            }
        }
        let file = URL(fileURLWithPath: SchemaReferenceTests.path("schemas/pet.json")).absoluteString
        #expect(try await loader.load(file).bytes.isEmpty == false)
    }

    // MARK: - What the user hears

    @Test(arguments: Language.allCases)
    func theSendSentenceIsOneLineSayingWhatToDo(language: Language) {
        let localizer = Localizer(language: language)
        let form = ServerFixtures.form
        let outcome = ReplyInterpreter(form: form, localizer: localizer)
            .interpret(TransportError.networkLibraryMissing(detail: "\(Self.missing): cannot open shared object file"))
        guard case .failure(let failure) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        // Nothing was sent, so a retry is offered and safe.
        #expect(failure.kind == .transient)
        Self.expectSentence(failure.message, ending: ".")
    }

    @Test(arguments: Language.allCases)
    func theDownloadSentenceSaysWhatToDo(language: Language) {
        let error = SpecError.unloadable(
            url: "https://api.example.com/openapi.json", failure: .networkLibraryMissing(detail: "dlopen failed"),
            referredFrom: nil, line: 0)
        Self.expectSentence(error.message(Localizer(language: language)), ending: ".")
    }

    static func expectSentence(_ sentence: String, ending: String) {
        #expect(!sentence.contains("\n"))
        #expect(!sentence.contains("networkLibrary"), "a key, not a sentence: \(sentence)")
        #expect(!sentence.contains(".so") && !sentence.contains("dlopen"), "no file name: \(sentence)")
        #expect(sentence.contains("libcurl4"), "the package to install: \(sentence)")
        #expect(sentence.hasSuffix(ending))
    }

    // MARK: - The voz command

    /// Where the dynamic loader finds libcurl on this machine, to hide it from one voz.
    static let installedPath: String? = {
        let folders = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
        return folders.map { $0 + "/" + CurlLibrary.soname }.first { FileManager.default.fileExists(atPath: $0) }
    }()

    /// A mount namespace of its own lets the test hide the library from one voz without touching the machine's.
    static let canHide: Bool = {
        guard let path = installedPath else { return false }
        return SpeechTestSupport.unshareSucceeds(["--mount", "/bin/sh", "-c", "mount --bind /dev/null \"$0\"", path])
    }()

    /// voz starts without libcurl (it is not linked), and a download says the one sentence.
    @Test(.enabled(if: canHide, "needs unshare of a mount namespace"))
    func vozWithoutTheLibraryStartsAndSaysOneSentenceWhenItDownloads() async throws {
        let path = try #require(Self.installedPath)
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "en_US.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        let launcher = [
            "/usr/bin/unshare", "--mount", "/bin/sh", "-c",
            "mount --bind /dev/null \"$0\" && shift && exec \"$@\"", path, "--",
        ]
        let version = try #require(
            try await VozProcess.run(["--version"], environment: environment, launcher: launcher))
        #expect(version.status == 0, "stderr: \(version.stderr)")

        let address = "http://127.0.0.1:9/openapi.json"
        let ran = try #require(
            try await VozProcess.run(
                ["form", "--openapi", address, "--operation", "x"], environment: environment, launcher: launcher))
        let expected = SpecError.unloadable(
            url: address, failure: .networkLibraryMissing(detail: ""), referredFrom: nil, line: 0
        ).message(Localizer(language: .en))
        #expect(ran.stderr == expected + "\n")
        #expect(ran.stdout.isEmpty)
        #expect(ran.status != 0)
    }
}
