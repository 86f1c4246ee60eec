import Foundation
import Testing

@testable import VozKit
@testable import VozSpeech
@testable import VozSupport

/// eSpeak NG reads its data folder by path and crashes on data another user planted there: the folder is used only
/// when no other user could have put anything in it, else a fresh one is made with mkdtemp.
@Suite struct EspeakDataDirectoryTests {
    /// A stand-in for the system's data: prepare links its entries, it does not read them.
    private static func system(in base: String) throws -> String {
        let system = base + "/system"
        try FileManager.default.createDirectory(atPath: system + "/voices", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: system + "/phontab", contents: Data("system".utf8)))
        return system
    }

    private static let variants = ["voz-es": "name voz-es\n"]

    @Test func withoutHomeTheFolderIsTheUsersOwnNotTheSharedTemporaryFolder() {
        let root = EspeakDataDirectory.cacheRoot(environment: [:])
        let temporary = NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : ""
        #expect(root != temporary)
        #expect(root.hasSuffix("/voz-\(geteuid())"))
    }

    /// Data planted in a cache folder others can write to (as the shared temporary folder's `voz` was) is never
    /// used: the old code returned the planted folder because its `phontab` was readable.
    @Test(arguments: [0o777, 0o755])
    func plantedDataInAFolderOthersCouldWriteIsNotUsed(rootMode: Int) throws {
        let base = SpeechTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let system = try Self.system(in: base)
        // Where the data would go, learnt from a clean run.
        let clean = try EspeakDataDirectory.prepare(system: system, variants: Self.variants, cacheRoot: base + "/clean")
        let name = (clean as NSString).lastPathComponent
        let shared = base + "/shared"
        try FileManager.default.createDirectory(atPath: shared + "/voz/" + name, withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(atPath: shared + "/voz/" + name + "/phontab", contents: Data("evil".utf8)))
        _ = chmod(shared + "/voz", 0o777)
        _ = chmod(shared, mode_t(rootMode))
        let prepared = try EspeakDataDirectory.prepare(system: system, variants: Self.variants, cacheRoot: shared)
        defer { if !prepared.hasPrefix(base) { try? FileManager.default.removeItem(atPath: prepared) } }
        #expect(prepared != shared + "/voz/" + name, "the planted data was used")
        #expect(FileManager.default.contents(atPath: prepared + "/phontab") == Data("system".utf8))
        #expect(PrivateFolder.isTrusted((prepared as NSString).deletingLastPathComponent))
    }

    @Test func aPrivateFolderIsMadeOnceAndReused() throws {
        let base = SpeechTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let system = try Self.system(in: base)
        let first = try EspeakDataDirectory.prepare(system: system, variants: Self.variants, cacheRoot: base + "/c")
        let second = try EspeakDataDirectory.prepare(system: system, variants: Self.variants, cacheRoot: base + "/c")
        #expect(first == second)
        #expect(first.hasPrefix(base + "/c/voz/"))
        let mode = try FileManager.default.attributesOfItem(atPath: base + "/c/voz")[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }
}
