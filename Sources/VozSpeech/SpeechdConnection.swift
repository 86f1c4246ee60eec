import CSpeechd
import Foundation
import VozAnnouncer

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to speech-dispatcher through libspeechd, in threaded mode: every `spd_*` call goes through
/// this type, on its one serial queue, and nothing of libspeechd's C types leaves it. libspeechd itself is
/// opened on the first connection (`SpeechdLibrary`).
///
/// libspeechd's callbacks carry no context pointer, so each connection takes one of a fixed set of callback
/// slots (`SpeechdCallbackSlots`) and its events arrive, on libspeechd's own thread, in `events`.
final class SpeechdConnection: @unchecked Sendable {
    /// Where speech-dispatcher listens, from `SPEECHD_ADDRESS` or its default socket.
    struct Address: Sendable, Equatable {
        enum Method: Sendable, Equatable {
            case unixSocket(path: String)
            case inetSocket(host: String, port: Int)
        }

        var method: Method
        /// Whether the address is speech-dispatcher's default, which it may start itself (autospawn).
        var isDefault: Bool

        /// `SPEECHD_ADDRESS` (`unix_socket:PATH` or `inet_socket:HOST:PORT`) or
        /// `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`, as libspeechd reads them, but from `environment`.
        init?(environment: [String: String]) {
            let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(getuid())"
            let fallback = runtime + "/speech-dispatcher/speechd.sock"
            guard let text = environment["SPEECHD_ADDRESS"], !text.isEmpty else {
                self.method = .unixSocket(path: fallback)
                self.isDefault = true
                return
            }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            switch parts[0] {
            case "unix_socket", "":
                let path = parts.count > 1 ? parts[1...].joined(separator: ":") : ""
                self.method = .unixSocket(path: path.isEmpty ? fallback : path)
            case "inet_socket":
                let host = parts.count > 1 && !parts[1].isEmpty ? parts[1] : "127.0.0.1"
                let port = parts.count > 2 ? Int(parts[2]) ?? 6560 : 6560
                self.method = .inetSocket(host: host, port: port)
            default:
                return nil
            }
            self.isDefault = false
        }
    }

    /// What became of a message, as speech-dispatcher reported it.
    enum Event: Sendable, Equatable {
        case begin
        case end
        case cancel
    }

    let events: SpeechdEvents
    private let spd: SpeechdLibrary
    private let connection: UnsafeMutablePointer<SPDConnection>
    private let slot: Int
    private let queue = DispatchQueue(label: "voz.speechd")
    /// A duplicate of the socket, watched for the server hanging up; libspeechd closes its own when it does.
    private let watchedSocket: Int32
    private var closed = false

    /// Connects; `autospawn` lets speech-dispatcher start itself as it does for its own clients by default.
    ///
    /// - Throws: `SpeechError.speechdUnavailable` when nothing answers at `address`;
    ///   `.speechdLibraryMissing` when libspeechd is not installed.
    init(
        address: Address, autospawn: Bool, events: SpeechdEvents,
        library: Result<SpeechdLibrary, SpeechError> =
            SpeechdLibrary.shared
    ) throws(SpeechError) {
        let spd = try library.get()
        guard let slot = SpeechdCallbackSlots.claim(events) else {
            throw .speechdUnavailable(detail: "too many speech-dispatcher connections in one process")
        }
        var error: UnsafeMutablePointer<CChar>?
        let opened = Self.withCAddress(address) { cAddress in
            spd.open2("voz", "main", nil, SPD_MODE_THREADED, cAddress, autospawn ? 1 : 0, &error)
        }
        guard let opened else {
            SpeechdCallbackSlots.release(slot)
            let detail = error.map { String(cString: $0) } ?? "no connection"
            free(error)
            throw .speechdUnavailable(detail: detail)
        }
        self.spd = spd
        self.connection = opened
        self.slot = slot
        self.events = events
        self.watchedSocket = dup(opened.pointee.socket)
        let callback = SpeechdCallbackSlots.callbacks[slot]
        opened.pointee.callback_begin = callback
        opened.pointee.callback_end = callback
        opened.pointee.callback_cancel = callback
        for kind in [SPD_BEGIN, SPD_END, SPD_CANCEL] { _ = spd.setNotificationOn(opened, kind) }
        events.watch(socket: watchedSocket)
    }

    deinit {
        close()
    }

    /// Closes the connection; safe to call twice. Waits for a call in progress.
    func close() {
        queue.sync {
            guard !closed else { return }
            closed = true
            events.stopWatching()
            spd.close(connection)
            SpeechdCallbackSlots.release(slot)
            Glibc.close(watchedSocket)
        }
    }

    /// Whether the server has hung up, asked of the socket now.
    var hasHungUp: Bool { SpeechdEvents.hasHungUp(watchedSocket) }

    // MARK: - Speaking

    /// Says `text` at `priority`; the message id, or nil when the server refused it or is gone.
    func say(_ text: String, priority: SpeechdPriority) async -> Int? {
        await run { spd, connection in
            let id = spd.say(connection, priority.c, text)
            return id > 0 ? Int(id) : nil
        } ?? nil
    }

    /// Cancels what this connection is saying and has queued; never what other clients say.
    func cancelOwn() async {
        _ = await run { spd, connection in spd.cancel(connection) }
    }

    /// Cancels without waiting for the server's answer (from the announcer, which must not wait).
    func cancelOwnSoon() {
        queue.async { [self] in
            guard !closed, !events.isLost else { return }
            _ = spd.cancel(connection)
        }
    }

    // MARK: - Settings

    func setLanguage(_ language: String) async -> Bool {
        await run { $0.setLanguage($1, language) } == 0
    }

    /// SSIP rate, −100…100.
    func setRate(_ rate: Int) async -> Bool {
        await run { $0.setVoiceRate($1, Int32(rate)) } == 0
    }

    func setOutputModule(_ module: String) async -> Bool {
        await run { $0.setOutputModule($1, module) } == 0
    }

    func setSynthesisVoice(_ voice: String) async -> Bool {
        await run { $0.setSynthesisVoice($1, voice) } == 0
    }

    /// speech-dispatcher's output modules (`espeak-ng`, …).
    func outputModules() async -> [String] {
        await run { spd, connection in
            guard let list = spd.listModules(connection) else { return [] }
            defer { spd.freeModules(list) }
            return Self.strings(list)
        } ?? []
    }

    /// The synthesis voices of the current output module, as name and language.
    func synthesisVoices() async -> [(name: String, language: String)] {
        await run { spd, connection in
            guard let list = spd.listSynthesisVoices(connection) else { return [] }
            defer { spd.freeVoices(list) }
            var voices: [(String, String)] = []
            var index = 0
            while let voice = list[index] {
                let name = voice.pointee.name.map { String(cString: $0) } ?? ""
                let language = voice.pointee.language.map { String(cString: $0) } ?? ""
                voices.append((name, language))
                index += 1
            }
            return voices
        } ?? []
    }

    // MARK: - The queue

    /// Runs `body` on the connection's queue, or returns nil when the connection is closed or lost.
    private func run<T: Sendable>(
        _ body: @escaping @Sendable (SpeechdLibrary, UnsafeMutablePointer<SPDConnection>) -> T
    ) async -> T? {
        await withCheckedContinuation { continuation in
            queue.async { [self] in
                guard !closed, !events.isLost else { return continuation.resume(returning: nil) }
                continuation.resume(returning: body(spd, connection))
            }
        }
    }

    private static func strings(_ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String] {
        var result: [String] = []
        var index = 0
        while let item = list[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }

    private static func withCAddress<T>(_ address: Address, _ body: (UnsafeMutablePointer<SPDConnectionAddress>) -> T)
        -> T
    {
        var cAddress = SPDConnectionAddress()
        switch address.method {
        case .unixSocket(let path):
            cAddress.method = SPD_METHOD_UNIX_SOCKET
            cAddress.unix_socket_name = strdup(path)
        case .inetSocket(let host, let port):
            cAddress.method = SPD_METHOD_INET_SOCKET
            cAddress.inet_socket_host = strdup(host)
            cAddress.inet_socket_port = Int32(port)
        }
        defer {
            free(cAddress.unix_socket_name)
            free(cAddress.inet_socket_host)
        }
        return withUnsafeMutablePointer(to: &cAddress) { body($0) }
    }
}

/// The SSIP priorities Voz uses. Never `important`: it would cut the screen reader and cannot be interrupted.
enum SpeechdPriority: Sendable, Equatable {
    /// Prompts and outcomes: queued with the screen reader's own messages.
    case message
    /// Long reading the user asked for: the user's next navigation (any `message`) cancels it.
    case text

    var c: SPDPriority {
        switch self {
        case .message: return SPD_MESSAGE
        case .text: return SPD_TEXT
        }
    }
}
