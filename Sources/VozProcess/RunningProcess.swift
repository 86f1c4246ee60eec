import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process and this process's ends of its standard streams: the one way Voz starts a program, on pipes or
/// under a pseudo-terminal.
///
/// It owns the child's pid until the child is reaped (no signal goes to a pid once it may be another process's)
/// and each descriptor until it is closed (each is closed once, under a lock, so a number reused by someone else is
/// never closed by mistake). Every descriptor of this process is close-on-exec from birth, and the child gets its
/// standard streams and its kept descriptors and nothing else (`closefrom`), so no other child inherits a pipe end
/// or a terminal by accident.
///
/// `posix_spawn`, not Foundation's `Process` nor fork: no fork of a multi-threaded process, a first byte that costs
/// only what the kernel charges, and a child that starts with no signal blocked or ignored whatever the spawning
/// thread's mask (a test runner's threads block SIGTERM; voz ignores SIGPIPE, which exec would pass on).
///
/// Asking how it ended, signalling and stopping are safe from any thread; reading belongs to one thread at a time.
public final class RunningProcess: Sendable {
    /// One of this process's ends of the child's streams.
    public enum Channel: Sendable, CaseIterable {
        /// The write end of the child's standard input pipe.
        case input
        /// The read end of the child's standard output pipe.
        case output
        /// The read end of the child's standard error pipe.
        case error
        /// The master side of the child's pseudo-terminal: its input written, its output read.
        case terminal
    }

    /// What an open descriptor refers to: the same number naming another file means someone else closed ours.
    struct Identity: Sendable, Equatable {
        var device: UInt64
        var inode: UInt64

        /// What `descriptor` refers to now; nil when it is not open.
        init?(of descriptor: Int32) {
            var info = stat()
            guard descriptor >= 0, fstat(descriptor, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The open ends (-1 once closed or when there is none) and how the child ended.
    struct State: Sendable {
        var exit: ProcessExit?
        var input: Int32 = -1
        var output: Int32 = -1
        var error: Int32 = -1
        var terminal: Int32 = -1
        /// What each end referred to when the child was spawned.
        var identities: [Channel: Identity] = [:]
        /// The ends found closed or replaced by someone else in this process.
        var lost: Set<Channel> = []

        subscript(channel: Channel) -> Int32 {
            get {
                switch channel {
                case .input: return input
                case .output: return output
                case .error: return error
                case .terminal: return terminal
                }
            }
            set {
                switch channel {
                case .input: input = newValue
                case .output: output = newValue
                case .error: error = newValue
                case .terminal: terminal = newValue
                }
            }
        }
    }

    public let pid: pid_t
    /// When `posix_spawn` was called: the start a bench figure measures from.
    public let started: ContinuousClock.Instant
    /// Which processes `stop` reaches besides the child.
    public let grouping: ProcessOptions.Grouping
    let state: Mutex<State>

    init(pid: pid_t, started: ContinuousClock.Instant, grouping: ProcessOptions.Grouping, ends: State) {
        self.pid = pid
        self.started = started
        self.grouping = grouping
        var ends = ends
        for channel in Channel.allCases { ends.identities[channel] = Identity(of: ends[channel]) }
        state = Mutex(ends)
    }

    deinit {
        let ended = state.withLock { $0.exit != nil }
        if !ended { _ = stop(grace: .zero) }
        for channel in Channel.allCases { close(channel) }
    }

    // MARK: - Descriptors

    /// This process's end of `channel`, or -1 when there is none or it has been closed. Not to be closed by the
    /// caller: `close(_:)` does that, once.
    public func descriptor(_ channel: Channel) -> Int32 {
        state.withLock { $0[channel] }
    }

    /// Closes this process's end of `channel`, once: the child reads the end of its input, or gets SIGPIPE when
    /// it writes to an output nobody reads.
    public func close(_ channel: Channel) {
        state.withLock { state in
            let descriptor = state[channel]
            state[channel] = -1
            if descriptor >= 0 { _ = Glibc.close(descriptor) }
        }
    }

    /// The ends that another part of this process closed or replaced under this one (a `dup2` onto the number, a
    /// second `close` of a number once its own): what was read from them is not the child's, and its end was
    /// never seen. A reader that finds one must fail, not take what it read for the child's whole output.
    public var lostChannels: Set<Channel> { state.withLock { $0.lost } }

    /// At an end of `channel` (a read of nothing, or a failure): whether the descriptor is still the one spawned.
    /// When it is not, the number is someone else's now: it is forgotten, never closed, and the channel is lost.
    func isStillOwn(_ channel: Channel, _ descriptor: Int32) -> Bool {
        state.withLock { state in
            guard state[channel] == descriptor else { return false }
            if let spawned = state.identities[channel], Identity(of: descriptor) == spawned { return true }
            state[channel] = -1
            state.lost.insert(channel)
            return false
        }
    }
}
