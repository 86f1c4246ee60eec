import CPulseSimple
import Dispatch
import Foundation
import Synchronization
import VozAnnouncer

/// Live audio through PulseAudio's simple API, which PipeWire's pulse server also answers on every desktop.
///
/// Chosen over ALSA because the sound server is what Linux desktops run (talking to ALSA directly would fight
/// it for the device), and `pa_simple_flush` drops queued audio at once, which is what interruption needs.
/// The stream's buffer is kept short so that what the server still holds stays well under 100 ms of audio, and
/// each of eSpeak NG's buffers (about 50 ms) is written in 5 ms pieces with the interruption checked between
/// them, so that an interrupted utterance stops being written within one piece.
///
/// `interrupt` only raises a mark and never calls libpulse: a `pa_simple` belongs to one thread, and a
/// `pa_simple_flush` from another thread while `pa_simple_write` waits for room would free that room for the
/// rest of the waiting write, which would then be heard. The flush happens in `end(interrupted:)`, on the
/// engine's queue, once the write has returned.
public final class PulseAudioSink: AudioSink {
    /// libpulse-simple locks its own threaded main loop, so the stream needs no lock of ours; the engine's
    /// queue is its only writer anyway.
    private let stream: SendableHandle
    /// Set once a write fails (the server went away); the sink then refuses samples.
    private let broken = Atomic<Bool>(false)
    private let cut = UtteranceCut()
    private let sampleRate: Int
    /// Samples in one piece of a write.
    private let pieceSamples: Int
    /// Whether the utterance has had its first write, which is handed over whole (see `write`).
    private let started = Atomic<Bool>(false)

    /// How much audio the server buffers ahead of what is heard.
    static let bufferMilliseconds = 60
    /// How much audio one `pa_simple_write` carries, and how often the server asks for more: the longest a
    /// waiting write holds the engine after an interruption.
    static let pieceMilliseconds = 5

    /// Connects to the sound server named by the environment, giving up after `timeout`.
    ///
    /// Never starts a server and never hangs: with no `PULSE_SERVER` and no socket in the runtime folder it
    /// fails at once, and a server that does not answer in time counts as none.
    public init(
        sampleRate: Int, environment: [String: String], timeout: Duration = .seconds(2)
    ) throws(SpeechError) {
        guard let server = Self.serverAddress(environment: environment) else {
            throw .noAudioDevice(detail: "no PULSE_SERVER and no pulse/native socket in the runtime folder")
        }
        stream = try Self.open(server: server, sampleRate: sampleRate, timeout: timeout)
        self.sampleRate = max(1, sampleRate)
        pieceSamples = max(1, sampleRate * Self.pieceMilliseconds / 1000)
    }

    deinit {
        pa_simple_free(stream.pointer)
    }

    /// The server to connect to: `PULSE_SERVER` when set, else the native socket under `PULSE_RUNTIME_PATH` or
    /// `XDG_RUNTIME_DIR/pulse` when it exists. Naming it explicitly also stops libpulse from autospawning.
    public static func serverAddress(environment: [String: String]) -> String? {
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return server }
        var candidates: [String] = []
        if let runtime = environment["PULSE_RUNTIME_PATH"], !runtime.isEmpty { candidates.append(runtime + "/native") }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            candidates.append(runtime + "/pulse/native")
        }
        for socket in candidates {
            var info = stat()
            if stat(socket, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK { return "unix:" + socket }
        }
        return nil
    }

    // MARK: - AudioSink

    /// Starts a new utterance on the open stream, whose rate was fixed when it was opened.
    public func begin(utterance number: Int, sampleRate: Int) throws(SpeechError) {
        cut.begin(number)
        started.store(false, ordering: .relaxed)
    }

    /// Plays `samples`, waiting for room on the stream in 5 ms pieces; false once interrupted or the server is gone.
    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        guard let base = samples.baseAddress else { return !cut.isCut }
        let piece = started.exchange(true, ordering: .relaxed) ? pieceSamples : firstPiece(samples.count)
        var offset = 0
        while offset < samples.count {
            guard !cut.isCut, !broken.load(ordering: .relaxed) else { return false }
            let count = min(piece, samples.count - offset)
            var error: Int32 = 0
            guard pa_simple_write(stream.pointer, base + offset, count * 2, &error) == 0 else {
                broken.store(true, ordering: .relaxed)
                return false
            }
            offset += count
        }
        return !cut.isCut
    }

    /// How much of an utterance's first buffer goes in one write: all of it when the stream has room for it, so
    /// the write cannot wait (measured on the null sink: heard sooner, and silenced sooner when interrupted, than
    /// in pieces from the start); pieces when what is still playing of the last utterance leaves too little room.
    private func firstPiece(_ count: Int) -> Int {
        var error: Int32 = 0
        let queued = pa_simple_get_latency(stream.pointer, &error)
        guard queued != pa_usec_t.max else { return pieceSamples }
        let room = Self.bufferMilliseconds * 1000 - Int(clamping: queued)
        return count * 1_000_000 / sampleRate <= room ? count : pieceSamples
    }

    /// After an interruption, drops what the server still holds, so it is never heard.
    public func end(interrupted: Bool) {
        guard interrupted else { return }
        var error: Int32 = 0
        _ = pa_simple_flush(stream.pointer, &error)
    }

    /// Blocks until the server has played everything written.
    public func drain() {
        guard !broken.load(ordering: .relaxed) else { return }
        var error: Int32 = 0
        _ = pa_simple_drain(stream.pointer, &error)
    }

    /// Nil: live audio goes to no file.
    public func file(forUtterance number: Int) -> String? { nil }

    /// Marks utterances up to `number` as cut, so a waiting write gives up; the flush waits for `end`.
    public func interrupt(through number: Int) {
        cut.cut(through: number)
    }

    // MARK: - Connecting

    /// Opens a playback stream on a thread of its own, so a server that never answers cannot hang the caller.
    private static func open(server: String, sampleRate: Int, timeout: Duration) throws(SpeechError) -> SendableHandle {
        let attempt = ConnectAttempt()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var error: Int32 = 0
            var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(sampleRate), channels: 1)
            let bytesPerMillisecond = UInt32(sampleRate * 2 / 1000)
            var attributes = pa_buffer_attr(
                maxlength: UInt32.max, tlength: bytesPerMillisecond * UInt32(bufferMilliseconds),
                prebuf: bytesPerMillisecond * 20, minreq: bytesPerMillisecond * UInt32(pieceMilliseconds),
                fragsize: UInt32.max)
            let handle = pa_simple_new(
                server, "Voz", PA_STREAM_PLAYBACK, nil, "speech", &spec, nil, &attributes, &error)
            let reason = handle == nil ? String(cString: pa_strerror(error)) : ""
            attempt.finish(handle.map(SendableHandle.init), reason: reason)
            done.signal()
        }
        thread.start()
        let milliseconds = Int(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard done.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else {
            attempt.abandon()
            throw .noAudioDevice(detail: "the sound server at \(server) did not answer in time")
        }
        guard let handle = attempt.take() else {
            throw .noAudioDevice(detail: "\(server): \(attempt.reason)")
        }
        return handle
    }
}

/// A `pa_simple` pointer handed from the connecting thread; used by one owner at a time.
private struct SendableHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// The result of a connection attempt, shared between the connecting thread and the waiting caller.
private final class ConnectAttempt: Sendable {
    private struct State {
        var handle: SendableHandle?
        var reason = ""
        var abandoned = false
    }

    private let state = Mutex(State())

    var reason: String { state.withLock { $0.reason } }

    func finish(_ handle: SendableHandle?, reason: String) {
        let orphan: SendableHandle? = state.withLock { state in
            state.reason = reason
            if state.abandoned { return handle }
            state.handle = handle
            return nil
        }
        // The caller gave up waiting; a late connection is closed rather than leaked.
        if let orphan { pa_simple_free(orphan.pointer) }
    }

    func abandon() {
        state.withLock { $0.abandoned = true }
    }

    func take() -> SendableHandle? {
        state.withLock { state in
            defer { state.handle = nil }
            return state.handle
        }
    }
}
