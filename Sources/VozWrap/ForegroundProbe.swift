import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the program waits on its terminal: some process of the terminal's foreground group is asleep reading
/// it (or polling for it), as /proc tells. Quiet output alone is no proof: a program starting, or working without a
/// word, is quiet too, and an answer typed then would be echoed before it turns echo off for a password, or thrown
/// away.
enum ForegroundProbe {
    /// Where the kernel says a process sleeps when it waits for a terminal's input: reading it (`n_tty_read`, which
    /// waits in `wait_woken`), or waiting for it to be readable (select, poll, epoll).
    static let readingWaits: Set<String> = [
        "wait_woken", "n_tty_read", "do_select", "core_sys_select", "do_sys_poll", "do_poll", "ep_poll",
        "poll_schedule_timeout",
    ]

    /// Whether a process in the foreground group of the terminal whose master is `master` waits for input; nil when
    /// /proc cannot tell (not mounted, or hidden), and the quiet must do.
    static func isWaiting(master: Int32) -> Bool? {
        let group = tcgetpgrp(master)
        guard group > 0, let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var readable = false
        for entry in entries {
            guard let first = entry.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"),
                let stat = read("/proc/\(entry)/stat"), let close = stat.lastIndex(of: ")")
            else { continue }
            // After the name: state, parent, process group.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[2]) == group else { continue }
            guard let wchan = read("/proc/\(entry)/wchan") else { continue }
            readable = true
            // The compiler's copies keep the name before a dot (`poll_schedule_timeout.constprop.0`).
            let name = wchan.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").first ?? ""
            if readingWaits.contains(String(name)) { return true }
        }
        return readable ? false : nil
    }

    /// A small /proc file, read to its end (it says its size is 0).
    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
