import Foundation
import VozAnnouncer
import VozSupport

/// Finds eSpeak NG's data folder and makes the private copy that also holds Voz's voice variants.
///
/// `espeak_SetVoiceByFile` lowercases and truncates paths in eSpeak NG 1.51, so Voz's variants are made
/// visible by name instead: a folder of symbolic links to the system's data, whose `voices/!v/` also links
/// Voz's variant files. eSpeak NG is then initialised with that folder, and `es+voz-es` names a variant.
public enum EspeakDataDirectory {
    /// Where Debian and upstream builds install the data, tried in order after `ESPEAK_DATA_PATH`.
    static let candidates = [
        "/usr/lib/x86_64-linux-gnu/espeak-ng-data",
        "/usr/lib/aarch64-linux-gnu/espeak-ng-data",
        "/usr/share/espeak-ng-data",
        "/usr/local/share/espeak-ng-data",
    ]

    /// The system's `espeak-ng-data` folder, or nil when eSpeak NG's data is not installed.
    public static func systemPath(environment: [String: String]) -> String? {
        var paths = candidates
        if let custom = environment["ESPEAK_DATA_PATH"], !custom.isEmpty {
            paths.insert(custom + "/espeak-ng-data", at: 0)
            paths.insert(custom, at: 1)
        }
        return paths.first { FileManager.default.isReadableFile(atPath: $0 + "/phontab") }
    }

    /// A data folder holding the system's data and `variants` (variant name → the variant file's text), made once
    /// and reused.
    ///
    /// The folder's name carries a hash of its inputs, so a changed variant makes a new folder instead of
    /// reusing a stale one; it is built under a temporary name and renamed, so concurrent runs never see half.
    public static func prepare(
        system: String, variants: [String: String], cacheRoot: String
    ) throws(SpeechError) -> String {
        guard !variants.isEmpty else { return system }
        var fingerprint = system
        for name in variants.keys.sorted() {
            fingerprint += "\n\(name)\n" + (variants[name] ?? "")
        }
        let target = try privateFolder(cacheRoot + "/voz") + "/espeak-ng-data-" + hash(fingerprint)
        if FileManager.default.isReadableFile(atPath: target + "/phontab") { return target }
        let staging = target + ".tmp-\(getpid())-\(UUID().uuidString.prefix(8))"
        let files = FileManager.default
        do {
            try? files.removeItem(atPath: staging)
            try files.createDirectory(atPath: staging + "/voices/!v", withIntermediateDirectories: true)
            for entry in try files.contentsOfDirectory(atPath: system) where entry != "voices" {
                try files.createSymbolicLink(atPath: staging + "/" + entry, withDestinationPath: system + "/" + entry)
            }
            let systemVoices = system + "/voices"
            for entry in (try? files.contentsOfDirectory(atPath: systemVoices)) ?? [] where entry != "!v" {
                try files.createSymbolicLink(
                    atPath: staging + "/voices/" + entry, withDestinationPath: systemVoices + "/" + entry)
            }
            for entry in (try? files.contentsOfDirectory(atPath: systemVoices + "/!v")) ?? [] {
                try files.createSymbolicLink(
                    atPath: staging + "/voices/!v/" + entry, withDestinationPath: systemVoices + "/!v/" + entry)
            }
            for (name, text) in variants {
                let file = staging + "/voices/!v/" + name
                try? files.removeItem(atPath: file)
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            }
        } catch {
            try? files.removeItem(atPath: staging)
            throw .engineUnavailable(detail: "cannot prepare \(target): \(error)")
        }
        if rename(staging, target) != 0 {
            // Another run made it first; theirs is as good as ours.
            try? files.removeItem(atPath: staging)
            guard files.isReadableFile(atPath: target + "/phontab") else {
                throw .engineUnavailable(detail: "cannot prepare \(target)")
            }
        }
        return target
    }

    /// `folder`, made 0700, when no other user could have put anything in it or could swap it: eSpeak NG reads
    /// the data by path, and data planted by another user crashes it inside its parser. Else a fresh folder made
    /// by mkdtemp, used for this run only.
    static func privateFolder(_ folder: String) throws(SpeechError) -> String {
        var info = stat()
        // A folder others could write to may already hold their data, even once narrowed.
        let plantable = lstat(folder, &info) == 0 && info.st_mode & 0o022 != 0
        if !plantable, (try? PrivateFolder.open(folder, ownFrom: folder)) != nil, PrivateFolder.isTrusted(folder) {
            return folder
        }
        var template = Array((temporaryFolder() + "/voz-espeak-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let made else {
            throw .engineUnavailable(detail: "cannot make a private folder for eSpeak NG's data")
        }
        return String(cString: made)
    }

    /// `$XDG_CACHE_HOME`, else `~/.cache`, else a folder of the user's own in the temporary folder
    /// (`voz-UID`) when neither can be written; `prepare` checks it before use.
    public static func cacheRoot(environment: [String: String]) -> String {
        var roots: [String] = []
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { roots.append(cache) }
        if let home = environment["HOME"], home.hasPrefix("/") { roots.append(home + "/.cache") }
        for root in roots {
            try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            if access(root, W_OK) == 0 { return root }
        }
        return temporaryFolder() + "/voz-\(geteuid())"
    }

    private static func temporaryFolder() -> String {
        NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
    }

    /// FNV-1a, 64 bits, in hex: a stable name, not a security measure.
    private static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return String(value, radix: 16)
    }
}
