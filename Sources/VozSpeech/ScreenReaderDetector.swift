import Foundation
import VozAnnouncer

#if canImport(Glibc)
    import Glibc
#endif

/// A screen reader (or braille driver) Voz can find running.
public enum ScreenReader: String, Sendable, Equatable, CaseIterable {
    /// Orca, the GNOME desktop's screen reader.
    case orca
    /// Fenrir, a console screen reader.
    case fenrir
    /// espeakup, which gives the kernel's Speakup an eSpeak NG voice.
    case espeakup
    /// speechd-up, which gives the kernel's Speakup speech-dispatcher's voices.
    case speechdUp = "speechd-up"
    /// TDSR, a console screen reader.
    case tdsr
    /// Yasr, a console screen reader.
    case yasr
    /// Speakup loaded in the kernel with a synthesizer other than `none`.
    case speakup
    /// Emacspeak, when Voz runs inside its Emacs.
    case emacspeak
    /// Braille only: it does not speak, so it causes no double speech.
    case brltty

    /// Whether it reads the terminal aloud.
    public var speaks: Bool { self != .brltty }

    /// The name the user knows it by, for the one line that says why Voz is quiet.
    public var displayName: String {
        switch self {
        case .orca: return "Orca"
        case .fenrir: return "Fenrir"
        case .espeakup: return "Speakup"
        case .speechdUp: return "Speakup"
        case .tdsr: return "TDSR"
        case .yasr: return "Yasr"
        case .speakup: return "Speakup"
        case .emacspeak: return "Emacspeak"
        case .brltty: return "BRLTTY"
        }
    }

    /// The reader a process is, from its name (`comm`) or the script an interpreter runs.
    static func process(named name: String) -> ScreenReader? {
        var base = String(name.split(separator: "/").last ?? "")
        if base.hasSuffix(".py") { base.removeLast(3) }
        switch base {
        case "orca": return .orca
        case "fenrir", "fenrir-daemon", "fenrirscreenreader": return .fenrir
        case "espeakup": return .espeakup
        case "speechd-up": return .speechdUp
        case "tdsr": return .tdsr
        case "yasr": return .yasr
        case "brltty": return .brltty
        default: return nil
        }
    }
}

/// What is running that reads the screen: found under `/proc` and `/sys` (whose roots tests replace), and in the
/// environment, in a few milliseconds and with no D-Bus.
public struct ScreenReaderDetector: Sendable {
    /// Where the system's pseudo-files are; tests point these at folders they fill.
    public struct Roots: Sendable, Equatable {
        /// The `/proc` folder, where processes are found.
        public var proc: String
        /// The `/sys` folder, where Speakup's synthesizer is read.
        public var sys: String
        /// Folders BrlAPI puts its socket in (BRLTTY answering for braille clients).
        public var brlapi: [String]

        /// The roots given; the BrlAPI folders default to the system's.
        public init(proc: String = "/proc", sys: String = "/sys", brlapi: [String]? = nil) {
            self.proc = proc
            self.sys = sys
            self.brlapi = brlapi ?? ["/var/lib/BrlAPI", "/run/brltty"]
        }

        /// The running system's own folders.
        public static let system = Roots()
    }

    /// What was found.
    public struct Detection: Sendable, Equatable {
        /// Every reader found, speaking ones first, each once.
        public var readers: [ScreenReader]

        /// The first reader found that speaks, if any: then Voz's own speech would say everything twice.
        public var speaking: ScreenReader? { readers.first { $0.speaks } }
        /// Whether BRLTTY is running (braille; no speech).
        public var braille: Bool { readers.contains(.brltty) }
    }

    /// Where the system's pseudo-files are read.
    public var roots: Roots
    /// The environment, read for Emacspeak.
    public var environment: [String: String]
    /// The process whose ancestors are checked (Voz itself).
    public var selfPID: Int32
    /// The user whose desktop reader counts (Orca of another session, as a login screen's, does not); nil for any.
    public var user: uid_t?

    /// A detector for this process and user, on the system's folders unless told.
    public init(roots: Roots = .system, environment: [String: String], selfPID: Int32? = nil, user: uid_t? = nil) {
        self.roots = roots
        self.environment = environment
        self.selfPID = selfPID ?? getpid()
        self.user = user ?? (getuid() == 0 ? nil : getuid())
    }

    /// Looks once.
    public func detect() -> Detection {
        var found: [ScreenReader] = []
        func add(_ reader: ScreenReader) { if !found.contains(reader) { found.append(reader) } }
        for reader in processReaders() { add(reader) }
        if speakupSpeaks() { add(.speakup) }
        if environment["INSIDE_EMACS"] != nil, environment["EMACSPEAK_DIR"] != nil { add(.emacspeak) }
        if !found.contains(.brltty), brlapiAnswers() { add(.brltty) }
        return Detection(readers: found.filter(\.speaks) + found.filter { !$0.speaks })
    }

    // MARK: - Processes

    /// Readers among every process, and among Voz's own ancestors (whose command line is read too, for a reader
    /// run by an interpreter).
    private func processReaders() -> [ScreenReader] {
        var found: [ScreenReader] = []
        guard let directory = opendir(roots.proc) else { return [] }
        defer { closedir(directory) }
        // One buffer and paths relative to the open folder: a hundred processes or more are read each time.
        let folder = dirfd(directory)
        var buffer = [UInt8](repeating: 0, count: 64)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let first = name.utf8.first, first >= 48, first <= 57 else { continue }
            let descriptor = openat(folder, name + "/comm", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard count > 0 else { continue }
            let comm = String(decoding: buffer[0..<count].prefix { $0 != 10 }, as: UTF8.self)
            var reader = ScreenReader.process(named: comm)
            if reader == nil, Self.isInterpreter(comm) {
                reader = script(of: roots.proc + "/" + name).flatMap(ScreenReader.process)
            }
            guard let reader else { continue }
            if reader == .orca, let user, ownerOf(roots.proc + "/" + name) != user { continue }
            found.append(reader)
        }
        found.append(contentsOf: ancestorReaders())
        return found
    }

    private func ancestorReaders() -> [ScreenReader] {
        var found: [ScreenReader] = []
        var pid = parent(of: selfPID)
        var steps = 0
        while let current = pid, current > 1, steps < 32 {
            let folder = roots.proc + "/\(current)"
            if let reader = script(of: folder).flatMap(ScreenReader.process) { found.append(reader) }
            pid = parent(of: current)
            steps += 1
        }
        return found
    }

    /// The program an interpreter runs: the first argument that is not an option.
    private func script(of folder: String) -> String? {
        guard let line = Self.read(folder + "/cmdline", trimming: false) else { return nil }
        let arguments = line.split(separator: "\0").map(String.init)
        guard let program = arguments.first else { return nil }
        if !Self.isInterpreter(String(program.split(separator: "/").last ?? "")) { return program }
        return arguments.dropFirst().first { !$0.hasPrefix("-") }
    }

    private func parent(of pid: Int32) -> Int32? {
        // `stat` is "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ')'.
        guard let stat = Self.read(roots.proc + "/\(pid)/stat"), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    private func ownerOf(_ path: String) -> uid_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_uid : nil
    }

    private static func isInterpreter(_ name: String) -> Bool {
        name.hasPrefix("python") || name.hasPrefix("perl") || name == "sh" || name == "bash"
    }

    // MARK: - Speakup and BrlAPI

    private func speakupSpeaks() -> Bool {
        guard let synth = Self.read(roots.sys + "/accessibility/speakup/synth") else { return false }
        return !synth.isEmpty && synth != "none"
    }

    private func brlapiAnswers() -> Bool {
        roots.brlapi.contains { folder in
            (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == false
        }
    }

    // MARK: - Reading pseudo-files

    /// A small file's text, read with one `read` (pseudo-files report no size); nil when it cannot be opened.
    private static func read(_ path: String, trimming: Bool = true) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return trimming ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
    }
}
