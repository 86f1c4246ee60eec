import CSpawn

#if canImport(Glibc)
    import Glibc
#endif

extension RunningProcess {
    /// Both ends of the child's streams while it is being spawned: pipes, or a pseudo-terminal's master and slave.
    /// Every one is close-on-exec from its birth (pipe2) or right after it (openpty has no such flag), so no other
    /// child spawned meanwhile inherits it.
    struct Ends {
        /// This process's ends, handed to the `RunningProcess`.
        var parent = State()
        /// The child's ends, closed here once the child has its copies.
        var input: Int32 = -1
        var output: Int32 = -1
        var error: Int32 = -1
        /// The slave's path, which the child opens after setsid so it becomes its controlling terminal.
        var slavePath: String?
        var slave: Int32 = -1

        init(_ options: ProcessOptions) throws(ProcessError) {
            if let size = options.terminal {
                try openTerminal(size)
                return
            }
            let streams = [(options.input, Channel.input), (options.output, .output), (options.error, .error)]
            for (stream, channel) in streams where stream == .pipe {
                var pair: [Int32] = [-1, -1]
                guard pipe2(&pair, O_CLOEXEC) == 0 else {
                    let code = errno
                    closeAll()
                    throw .system("pipe2", code)
                }
                // The input pipe is read by the child; the output pipes are written by it.
                let (mine, theirs) = channel == .input ? (pair[1], pair[0]) : (pair[0], pair[1])
                parent[channel] = mine
                switch channel {
                case .input: input = theirs
                case .output: output = theirs
                default: error = theirs
                }
                // Non-blocking, so one loop can wait on all of them with poll and never sit in a read or a write.
                _ = fcntl(mine, F_SETFL, fcntl(mine, F_GETFL) | O_NONBLOCK)
            }
        }

        private mutating func openTerminal(_ size: ProcessOptions.WindowSize) throws(ProcessError) {
            var master: Int32 = -1
            var window = winsize(
                ws_row: UInt16(clamping: size.rows), ws_col: UInt16(clamping: size.columns), ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &window) == 0 else { throw .system("openpty", errno) }
            for end in [master, slave] { _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC) }
            parent.terminal = master
            // ttyname_r, not ttyname: two threads opening terminals at once would share ttyname's one buffer.
            var name = [CChar](repeating: 0, count: 4_096)
            let failed = ttyname_r(slave, &name, name.count)
            guard failed == 0 else {
                closeAll()
                throw .system("ptsname", failed)
            }
            slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        }

        /// Points the child's standard streams at its ends, the terminal's slave, /dev/null, or leaves them.
        func direct(_ options: ProcessOptions, in actions: inout posix_spawn_file_actions_t) {
            if let slavePath {
                posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, slavePath, O_RDWR, 0)
                posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDOUT_FILENO)
                posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO)
                return
            }
            Self.direct(options.input, to: STDIN_FILENO, end: input, reading: true, in: &actions)
            Self.direct(options.output, to: STDOUT_FILENO, end: output, reading: false, in: &actions)
            Self.direct(options.error, to: STDERR_FILENO, end: error, reading: false, in: &actions)
        }

        private static func direct(
            _ stream: ProcessOptions.Stream, to descriptor: Int32, end: Int32, reading: Bool,
            in actions: inout posix_spawn_file_actions_t
        ) {
            switch stream {
            // dup2 clears close-on-exec on the copy, so the child keeps exactly its own ends.
            case .pipe: posix_spawn_file_actions_adddup2(&actions, end, descriptor)
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
            case .inherited: break
            }
        }

        /// Closes the child's ends here, after the spawn (or its failure).
        mutating func closeChildEnds() {
            for end in [input, output, error, slave] where end >= 0 { _ = Glibc.close(end) }
            (input, output, error, slave) = (-1, -1, -1, -1)
        }

        /// Closes every end, after a failure.
        mutating func closeAll() {
            closeChildEnds()
            for channel in Channel.allCases where parent[channel] >= 0 {
                _ = Glibc.close(parent[channel])
                parent[channel] = -1
            }
        }
    }
}
