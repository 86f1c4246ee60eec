import Foundation
import Synchronization
import VozKit

#if canImport(Glibc)
    import Glibc
#endif

/// A full file system for the `state-files` target: a tmpfs of 64 KiB, mounted once a process (root only), a
/// draft saved in it while there was room, then filled until the kernel says ENOSPC. Issue 37, item 11: a write
/// that cannot be made must fail loudly, as a full disk, and leave the draft that was there whole.
final class FullDiskScene: Sendable {
    let root: String
    let store: DraftStore
    /// The draft saved before the disk filled, as it reads back.
    let earlier: Draft

    /// The process's scene, or nil when a tmpfs cannot be mounted here (not root).
    static let shared: FullDiskScene? = FullDiskScene()

    private init?() {
        guard geteuid() == 0 else { return nil }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("voz-fuzz-full-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // mount(2) itself, not mount(8): the unmount runs at exit, where starting a process leaks Foundation's
        // memory (AddressSanitizer's leak check, make sanitize).
        guard mount("tmpfs", root, "tmpfs", 0, "size=64k,mode=0700") == 0 else { return nil }
        Self.mounted.withLock { $0 = root }
        atexit { FullDiskScene.unmount() }
        self.root = root
        store = DraftStore(folder: root + "/voz/drafts", within: root + "/voz")
        let draft = Draft(formID: "fuzz", answers: ["name": "Ana"], pendingAttempts: [], savedAt: 1)
        guard (try? store.save(draft)) != nil, let saved = store.load(formID: "fuzz"), Self.fill(root) else {
            Self.unmount()
            return nil
        }
        earlier = saved
    }

    private static let mounted = Mutex<String?>(nil)

    private static func unmount() {
        guard let root = mounted.withLock({ $0 }) else { return }
        _ = umount2(root, Int32(MNT_DETACH))
        rmdir(root)
    }

    /// Writes one file until the kernel says the file system is full.
    private static func fill(_ root: String) -> Bool {
        let descriptor = open(root + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x55, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        return errno == ENOSPC
    }

    /// Saves a draft with answers and pending sends on the full disk; why that broke the oracle, or nil. The save
    /// must fail with the system's words for a full disk (what the person is told comes from them), and the draft
    /// that was there must read back whole, with nothing else left in the folder.
    func saveBreach(answerBytes: Int, attempts: Int) -> String? {
        let fingerprint = PayloadFingerprint(stored: Self.fingerprint)
        let pending = (0..<attempts).compactMap { index in
            fingerprint.map { PendingAttempt(key: IdempotencyKey("key-\(index)"), fingerprint: $0, sentAt: 2) }
        }
        let draft = Draft(
            formID: "fuzz", answers: ["name": String(repeating: "A", count: answerBytes)], pendingAttempts: pending,
            savedAt: 2)
        do throws(PrivateFile.Failure) {
            try store.save(draft)
            // A draft small enough for what the filler left is no full disk; it must read back as saved.
            guard store.load(formID: "fuzz") == draft else { return "a draft saved on a full disk reads back changed" }
            try store.save(Draft(formID: "fuzz", answers: earlier.answers, savedAt: earlier.savedAt))
            return nil
        } catch {
            guard case .cannotWrite(_, let reason) = error, reason == String(cString: strerror(ENOSPC)) else {
                return "a save on a full disk failed as \(error), not as a full disk"
            }
        }
        guard store.load(formID: "fuzz") == earlier else { return "a failed save on a full disk lost the draft" }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: store.folder)) ?? []
        guard names == ["fuzz.json"] else { return "a failed save on a full disk left \(names.sorted())" }
        return nil
    }

    static let fingerprint = "$y$j9T$F5Jx5fExrKuPp53xLKQ..M$tW9o4MEp0Cn1ovl0zsyzo2.tVCBc8qwaFdK0Asu/VN3"
}
