import Foundation
import Synchronization
import VozAnnouncer
import VozLocalization
import VozProcess
import VozSupport

/// `voz wrap`'s run: the program under a pseudo-terminal of the person's size, its output read on a thread of its
/// own into the screen model and the narrator, and what the narrator says handed to the announcer (lines, speech,
/// transcript) here, in order. Ctrl-C and Ctrl-\ are passed on to the program, a resized window too; a hang-up or a
/// termination request stops it and everything it started.
///
/// Bounded whatever the program writes: one screen, a few reads in flight, and at most `pendingBatches` batches of
/// narration waiting for the announcer; past that the reading waits, the terminal fills, and the program waits for
/// the person rather than the person's memory filling with it.
public struct WrapSession<C: PollingClock>: Sendable {
    /// What runs, and how.
    public let options: WrapOptions
    let announcer: any Announcing
    let localizer: Localizer
    let clock: C
    /// Where the person's lines come from (their terminal, an answers file); nil for none: nothing is typed.
    let input: (any LineSource)?

    /// The most batches of narration read and not yet announced.
    static var pendingBatches: Int { 16 }

    /// A run of `options`, said through `announcer` in `localizer`'s language, timed by `clock`, answered with the
    /// lines of `input`.
    public init(
        options: WrapOptions, announcer: any Announcing, localizer: Localizer, clock: C, input: (any LineSource)? = nil
    ) {
        self.input = input
        self.options = options
        self.announcer = announcer
        self.localizer = localizer
        self.clock = clock
    }

    /// Runs the program to its end, saying what it shows; returns how it ended. Throws when it cannot be started.
    public func run() async throws(WrapError) -> ProgramEnd {
        let child = try start()
        let controls = WrapControls(child: child, sizeSource: options.sizeSource)
        let signals = WrapSignals { controls.handle($0) }
        defer { signals.cancel() }
        let (stream, continuation) = AsyncStream<[Narration]>.makeStream()
        let room = DispatchSemaphore(value: Self.pendingBatches)
        let outcome = Outcome()
        var settings = options.narrator
        settings.asksQuestions = input != nil
        let narrator = Narrator(
            program: options.programName, rows: options.size.rows, columns: options.size.columns,
            settings: settings, localizer: localizer)
        let inbox = input.map { _ in WrapInbox() }
        let size = options.size
        let recorder = options.recorder
        Thread.detachNewThread { [clock] in
            // The screen model is the reading thread's alone.
            var reader = WrapReader(
                child: child, controls: controls, screen: LiveScreen(rows: size.rows, columns: size.columns),
                narrator: narrator, clock: clock, inbox: inbox, recorder: recorder)
            let end = reader.run { batch in
                guard !batch.isEmpty else { return }
                room.wait()
                inbox?.handedOn()
                continuation.yield(batch)
            }
            outcome.end.withLock { $0 = end }
            continuation.finish()
        }
        if let input, let inbox {
            let typist = WrapTypist(
                input: input, child: child, inbox: inbox, announcer: announcer, localizer: localizer)
            // Not awaited: a person's terminal may be read still when the program has ended.
            Task { await typist.run() }
        }
        for await batch in stream {
            for narration in batch {
                // Echo goes off at the person's terminal before they hear they are asked for a secret.
                if narration.kind == .hiddenQuestion { await input?.prepareToRead(secret: true) }
                await announcer.announce(
                    Announcement(narration.text, priority: narration.priority, isSpoken: narration.isSpoken))
            }
            if batch.contains(where: { $0.kind == .screen }) { inbox?.screenSaid() }
            inbox?.announced()
            room.signal()
        }
        return outcome.end.withLock { $0 } ?? .failed(code: -1)
    }

    /// Starts the program under a pseudo-terminal of the person's size, leading a session of its own.
    private func start() throws(WrapError) -> RunningProcess {
        let name = options.command.first ?? ""
        let process = ProcessOptions(
            executable: name, arguments: Array(options.command.dropFirst()),
            environment: options.programEnvironment, terminal: options.size)
        do {
            return try RunningProcess.spawn(process)
        } catch {
            switch error {
            case .notFound: throw .notFound(name)
            case .system(let call, let code): throw .cannotStart(name, call: call, code: code)
            }
        }
    }

    /// How the program ended, set by the reading thread before it finishes the stream.
    private final class Outcome: Sendable {
        let end = Mutex<ProgramEnd?>(nil)
    }
}

extension WrapSession where C == SystemPollingClock {
    /// A run of `options`, said through `announcer` in `localizer`'s language, timed by the system's clock.
    public init(options: WrapOptions, announcer: any Announcing, localizer: Localizer, input: (any LineSource)? = nil) {
        self.init(
            options: options, announcer: announcer, localizer: localizer, clock: SystemPollingClock(), input: input)
    }
}
