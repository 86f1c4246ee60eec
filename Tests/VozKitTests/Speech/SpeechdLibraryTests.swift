import Foundation
import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozSpeech
@testable import VozSupport

/// libspeechd is opened with dlopen when speech-dispatcher is first asked for: a missing library is one sentence,
/// never a crash, and the library that is there is resolved whole.
@Suite struct SpeechdLibraryTests {
    static let missing = "libspeechd-missing.so.2"

    // MARK: - Loading

    @Test func theInstalledLibraryResolvesEveryFunctionVozCalls() throws {
        _ = try SpeechdLibrary.shared.get()
    }

    @Test func aMissingLibraryIsAnErrorNamingIt() {
        #expect {
            _ = try SpeechdLibrary(soname: Self.missing)
        } throws: { error in
            guard case .speechdLibraryMissing(let library, let detail) = error as? SpeechError else { return false }
            return library == Self.missing && detail.contains(Self.missing)
        }
    }

    @Test func aMissingFunctionIsAnErrorNamingIt() throws {
        let library = try SharedLibrary(SpeechdLibrary.soname)
        #expect {
            let _: @convention(c) () -> Void = try library.function("spd_no_such_function")
        } throws: { error in
            guard let error = error as? SharedLibrary.LoadError else { return false }
            return error.library == SpeechdLibrary.soname && error.detail.contains("spd_no_such_function")
        }
    }

    /// The connection refuses before it takes a callback slot, so a missing library can be asked for again and
    /// again without using the slots up.
    @Test func aConnectionWithoutTheLibraryThrowsAndHoldsNoSlot() throws {
        let address = try #require(SpeechdConnection.Address(environment: ["SPEECHD_ADDRESS": "unix_socket:/nowhere"]))
        let failure = Result<SpeechdLibrary, SpeechError> { () throws(SpeechError) in
            try SpeechdLibrary(soname: Self.missing)
        }
        for _ in 0..<20 {
            #expect(throws: SpeechError.self) {
                _ = try SpeechdConnection(address: address, autospawn: false, events: SpeechdEvents(), library: failure)
            }
        }
    }

    // MARK: - What the user hears

    @Test(arguments: Language.allCases)
    func theSentenceIsOneLineSayingWhatToDo(language: Language) {
        let error = SpeechError.speechdLibraryMissing(library: Self.missing, detail: "cannot open shared object file")
        let sentence = error.message(Localizer(language: language))
        #expect(!sentence.contains("\n"))
        #expect(!sentence.contains("speech.error"), "a key, not a sentence: \(sentence)")
        #expect(!sentence.contains(".so"), "no file name: \(sentence)")
        #expect(sentence.contains("--speech espeak"))
        #expect(sentence.hasSuffix("."))
    }

    // MARK: - The voz command

    /// Where the dynamic loader finds libspeechd on this machine, to hide it from one voz.
    static let installedPath: String? = {
        let folders = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
        return folders.map { $0 + "/" + SpeechdLibrary.soname }.first { FileManager.default.fileExists(atPath: $0) }
    }()

    /// A mount namespace of its own lets the test hide the library from one voz without touching the machine's.
    static let canHide: Bool = {
        guard let path = installedPath else { return false }
        return SpeechTestSupport.unshareSucceeds(["--mount", "/bin/sh", "-c", "mount --bind /dev/null \"$0\"", path])
    }()

    @Test(.enabled(if: canHide, "needs unshare of a mount namespace"))
    func vozWithoutTheLibrarySaysOneSentenceAndExits() async throws {
        let path = try #require(Self.installedPath)
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "en_US.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["SPEECHD_ADDRESS"] = "unix_socket:/nowhere/speechd.sock"
        let ran = try #require(
            try await VozProcess.run(
                ["say", "Escriba su nombre.", "--speech", "speechd"], environment: environment,
                launcher: [
                    "/usr/bin/unshare", "--mount", "/bin/sh", "-c",
                    "mount --bind /dev/null \"$0\" && shift && exec \"$@\"", path, "--",
                ]))
        let expected = SpeechError.speechdLibraryMissing(library: SpeechdLibrary.soname, detail: "")
            .message(Localizer(language: .en))
        #expect(ran.stderr == expected + "\n")
        #expect(ran.stdout.isEmpty)
        #expect(ran.status != 0)
    }
}
