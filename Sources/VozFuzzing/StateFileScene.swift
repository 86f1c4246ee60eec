import Foundation
import VozKit

#if canImport(Glibc)
    import Glibc
#endif

/// The world of one `state-files` input: a fresh folder with a canary file and a canary folder outside the places
/// Voz writes, a null device of its own (when the fuzzer may make one), and the case's plants at Voz's places.
///
/// The oracle, checked after the case's operations: the canary file and folder are never written, read (a canary
/// draft never loaded), moved or removed; every planted pipe, socket, folder and device keeps its type and mode
/// (nothing but a regular file is ever chmod-ed); a draft Voz saved is a regular file of mode 0600; and no
/// operation takes longer than `slowLimit` (a pipe waited on never ends).
public final class StateFileScene {
    /// What is planted at a place.
    public enum Plant: String, CaseIterable, Sendable {
        case linkToCanaryFile = "link-canary-file"
        case linkToCanaryFolder = "link-canary-folder"
        case linkToNull = "link-null"
        case danglingLink = "dangling-link"
        case fifo
        case socket
        case folder
        case device
        /// A regular file anyone may write (mode 0666).
        case openFile = "open-file"
        /// A folder (or file) of another user, mode 0755 (0644): only when the fuzzer runs as root.
        case foreign
        /// A file of 64 MiB (sparse): past any size Voz reads.
        case huge
        /// A draft cut short: JSON that does not parse.
        case malformed
        /// A draft of the fuzz form whose pending sends carry keys that are not keys (a header after a line break,
        /// a NUL, nothing, 300 characters, a number) beside one that is.
        case badKeys = "bad-keys"
        /// Another form's draft, the canary word in its answers.
        case otherForm = "other-form"
    }

    public let root: URL
    let canaryFile: URL
    let canaryFolder: URL
    let nullDevice: String
    /// The word inside the canary file, a draft of the fuzz form whose answer is this word.
    public let canaryWord: String
    static let slowLimit: Duration = .seconds(3)
    /// The device number of the null device, major 1 and minor 3, as glibc's `makedev` packs it (a macro Swift
    /// does not see).
    static let nullNumber: dev_t = (1 << 8) | 3
    /// The places Voz makes folders at.
    static let folderPlaces: Set<String> = ["state/voz", "state/voz/drafts", "out/wavs"]

    /// The scene under `parent`, named by `index`; removed by `remove()`.
    public init(parent: URL, index: Int) throws {
        root = parent.appendingPathComponent("state-files-\(index)")
        try? FileManager.default.removeItem(at: root)
        let outside = root.appendingPathComponent("outside")
        canaryFile = outside.appendingPathComponent("canary.json")
        canaryFolder = outside.appendingPathComponent("canary-folder")
        canaryWord = "CANARY\(index)WORD"
        try FileManager.default.createDirectory(at: canaryFolder, withIntermediateDirectories: true)
        let draft = #"{"answers":{"name":"\#(canaryWord)"},"formID":"fuzz","pendingAttempts":[],"savedAt":0}"#
        try Data(draft.utf8).write(to: canaryFile)
        try Data(draft.utf8).write(to: canaryFolder.appendingPathComponent("fuzz.json"))
        chmod(canaryFile.path, 0o644)
        let ownNull = outside.appendingPathComponent("null").path
        // A device node of its own when it may make one: a chmod through a link must never reach the machine's.
        nullDevice = mknod(ownNull, S_IFCHR | 0o666, Self.nullNumber) == 0 ? ownNull : "/dev/null"
    }

    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Plants `plants` (shallow places first; a place under a plant that is not a real folder is left alone).
    public func plant(_ plants: [String: String]) -> [String: Plant] {
        var planted: [String: Plant] = [:]
        for place in plants.keys.sorted(by: { $0.count < $1.count }) {
            guard let plant = plants[place].flatMap(Plant.init(rawValue:)) else { continue }
            let blocked = planted.contains { parent, kind in
                place.hasPrefix(parent + "/") && !(kind == .folder || kind == .foreign)
            }
            guard !blocked else { continue }
            let path = root.appendingPathComponent(place).path
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if make(plant, at: path) { planted[place] = plant }
        }
        try? FileManager.default.createDirectory(
            at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        return planted
    }

    private func make(_ plant: Plant, at path: String) -> Bool {
        switch plant {
        case .linkToCanaryFile: return symlink(canaryFile.path, path) == 0
        case .linkToCanaryFolder: return symlink(canaryFolder.path, path) == 0
        case .linkToNull: return symlink(nullDevice, path) == 0
        case .danglingLink: return symlink(root.appendingPathComponent("outside/missing").path, path) == 0
        case .fifo: return mkfifo(path, 0o644) == 0
        case .socket: return Self.bindSocket(at: path)
        case .folder:
            guard mkdir(path, 0o755) == 0 else { return false }
            return FileManager.default.createFile(atPath: path + "/keep", contents: Data("keep".utf8))
        case .device:
            return nullDevice != "/dev/null" && mknod(path, S_IFCHR | 0o644, Self.nullNumber) == 0
        case .openFile:
            guard FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)) else { return false }
            return chmod(path, 0o666) == 0
        case .huge:
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return ftruncate(descriptor, 64 << 20) == 0
        case .malformed, .badKeys, .otherForm:
            return FileManager.default.createFile(atPath: path, contents: Data(plantedDraft(plant).utf8))
        case .foreign:
            guard geteuid() == 0 else { return false }
            // A folder at a folder's place, a file elsewhere.
            let folder = Self.folderPlaces.contains { path.hasSuffix("/" + $0) }
            if folder {
                guard mkdir(path, 0o755) == 0 else { return false }
            } else {
                guard FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)) else { return false }
                chmod(path, 0o644)
            }
            return chown(path, 65534, 65534) == 0
        }
    }

    /// The key a planted draft's one good pending send carries: it must come back, the others must not.
    static let goodKey = "good-key-1"

    /// The JSON of a planted draft.
    private func plantedDraft(_ plant: Plant) -> String {
        let fingerprint = FullDiskScene.fingerprint
        let now = Date().timeIntervalSince1970
        switch plant {
        case .malformed:
            return #"{"answers":{"name":"Ana"},"formID":"fuzz","pendingAttempts":[{"key":"#
        case .otherForm:
            return #"{"answers":{"name":"\#(canaryWord)"},"formID":"other","pendingAttempts":[],"savedAt":0}"#
        default:
            let keys = [
                #""k\r\nX-Evil: 1""#, #""cut\u0000here""#, #""""#,
                "\"" + String(repeating: "k", count: 300) + "\"", "42", "\"\(Self.goodKey)\"",
            ]
            let attempts = keys.map { #"{"key":\#($0),"fingerprint":"\#(fingerprint)","sentAt":\#(now)}"# }
            return #"{"answers":{"name":"Ana"},"formID":"fuzz","pendingAttempts":["#
                + attempts.joined(separator: ",") + #"],"savedAt":0}"#
        }
    }

    private static func bindSocket(at path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return bound == 0
    }

    // MARK: - What must not change

    /// The type, mode, owner and inode of whatever is at `path`, not following a link; nil when nothing is.
    static func identity(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let types = [S_IFDIR: "folder", S_IFREG: "file", S_IFLNK: "link", S_IFIFO: "fifo", S_IFSOCK: "socket"]
        let type = types[info.st_mode & S_IFMT] ?? "device"
        return "\(type) mode \(String(info.st_mode & 0o7777, radix: 8)) uid \(info.st_uid) inode \(info.st_ino)"
    }

    /// Everything the oracle compares: the canaries (identity and contents), the null devices and every plant that
    /// is not a regular file or a link.
    public func snapshot(_ planted: [String: Plant]) -> [String: String] {
        var state: [String: String] = [:]
        func record(_ path: String, contents: Bool) {
            var line = Self.identity(path) ?? "missing"
            if contents, let data = FileManager.default.contents(atPath: path) {
                line += " " + String(decoding: data, as: UTF8.self)
            }
            state[path] = line
        }
        record(canaryFile.path, contents: true)
        record(canaryFolder.path, contents: false)
        let listing = (try? FileManager.default.contentsOfDirectory(atPath: canaryFolder.path)) ?? []
        state["canary folder listing"] = listing.sorted().joined(separator: ",")
        for name in listing { record(canaryFolder.appendingPathComponent(name).path, contents: true) }
        record(nullDevice, contents: false)
        record("/dev/null", contents: false)
        // Another form's draft beside this one's is never touched.
        for (place, plant) in planted where place == StateFileCase.otherDraft && plant != .huge {
            record(root.appendingPathComponent(place).path, contents: true)
        }
        for (place, plant) in planted where [.fifo, .socket, .folder, .device, .foreign].contains(plant) {
            let path = root.appendingPathComponent(place).path
            // A file of another user at a file's place may be replaced (renamed over): only its folder is kept.
            if plant == .foreign, !(Self.identity(path)?.hasPrefix("folder") ?? false) {
                continue
            }
            // A folder at a folder's place is what Voz makes there, and keeps at 0700: only its contents are kept.
            if !(plant == .folder && Self.folderPlaces.contains(place)) { record(path, contents: false) }
            if plant == .folder { record(path + "/keep", contents: true) }
        }
        return state
    }

    /// Why `after` breaks the oracle against `before`, or nil. A pipe, socket or device Voz's own place held may
    /// be unlinked (a draft's delete does that) and a file of Voz's made in its place, never changed where it
    /// stands.
    public func change(from before: [String: String], to after: [String: String]) -> String? {
        for (key, old) in before.sorted(by: { $0.key < $1.key }) where after[key] != old {
            let new = after[key] ?? "missing"
            let mayVanish = key.hasPrefix(root.path + "/state/") || key.hasPrefix(root.path + "/out/")
            // Unlinked by a draft's delete, then made again by a save: the inode may come back as a new file.
            let gone = new == "missing" || new.hasPrefix("file mode 600 ")
            if mayVanish, gone, !old.hasPrefix("folder") { continue }
            return "\(key) changed: \(old) -> \(new)"
        }
        return nil
    }
}
