#if canImport(Glibc)
    import Glibc
#endif

/// What a child process is started with: its program, arguments, environment and folder, where its standard
/// streams go (pipes, /dev/null, a pseudo-terminal), whether it leads a process group or a session of its own,
/// and which of this process's descriptors it is given. A value: a caller builds one and hands it to
/// `RunningProcess.spawn`.
public struct ProcessOptions: Sendable, Equatable {
    /// Where one of the child's standard streams goes when it has no pseudo-terminal.
    public enum Stream: Sendable, Equatable {
        /// A pipe the `RunningProcess` holds the other end of.
        case pipe
        /// /dev/null.
        case null
        /// This process's own, inherited.
        case inherited
    }

    /// Which processes a stop reaches besides the child.
    public enum Grouping: Sendable, Equatable {
        /// The child stays in this process's group: a stop reaches the child alone.
        case inherited
        /// The child leads a process group of its own: a stop reaches everything it started, unless that started
        /// a group of its own.
        case processGroup
        /// The child leads a session of its own, and with it every group in it (a shell's jobs): what a program
        /// under a pseudo-terminal needs, whose slave becomes its controlling terminal.
        case session
    }

    /// A pseudo-terminal's size, in character cells.
    public struct WindowSize: Sendable, Equatable {
        public var columns: Int
        public var rows: Int

        /// A size of `columns` by `rows` cells.
        public init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// The program's path; a name without a slash is looked up on PATH by `spawn`.
    public var executable: String
    /// The arguments after the program's name.
    public var arguments: [String]
    /// The child's whole environment; nil inherits this process's.
    public var environment: [String: String]?
    /// The folder it starts in; nil is this process's.
    public var directory: String?
    public var grouping: Grouping
    /// When set, the child's standard input, output and error are the slave side of a new pseudo-terminal of this
    /// size, and the child leads a session of its own; `input`, `output` and `error` are then not used.
    public var terminal: WindowSize?
    public var input: Stream
    public var output: Stream
    public var error: Stream
    /// Descriptors of this process the child gets, as 3, 4, 5… in this order (as systemd passes sockets); every
    /// other descriptor above standard error is closed in the child, whatever its close-on-exec flag.
    public var keptDescriptors: [Int32]

    /// A child with standard input from /dev/null and both outputs on pipes, in this process's group.
    public init(
        executable: String, arguments: [String] = [], environment: [String: String]? = nil,
        directory: String? = nil, grouping: Grouping = .inherited, terminal: WindowSize? = nil,
        input: Stream = .null, output: Stream = .pipe, error: Stream = .pipe, keptDescriptors: [Int32] = []
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.directory = directory
        self.grouping = grouping
        self.terminal = terminal
        self.input = input
        self.output = output
        self.error = error
        self.keptDescriptors = keptDescriptors
    }

    /// The grouping the child gets: a pseudo-terminal's child always leads a session.
    var effectiveGrouping: Grouping { terminal == nil ? grouping : .session }

    /// The path `spawn` starts: `executable` itself when it holds a slash, else the first executable file of that
    /// name in the environment's PATH (this process's when the environment is inherited); nil when none is.
    public var resolvedExecutable: String? {
        if executable.contains("/") { return access(executable, X_OK) == 0 ? executable : nil }
        guard !executable.isEmpty else { return nil }
        let inherited = getenv("PATH").map { String(cString: $0) }
        let path = (environment.map { $0["PATH"] } ?? inherited) ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(executable)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
