import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

/// What `voz wrap` runs and how: the program and its arguments, the environment it gets, the size of its terminal,
/// and the narrator's timings.
public struct WrapOptions: Sendable {
    /// The program, then its arguments.
    public var command: [String]
    /// The person's environment, which the program inherits (with `ACCESSIBLE` and `TERM` seen to).
    public var environment: [String: String]
    /// Whether the program gets `ACCESSIBLE=1`, the convention huh, gh and clack read to drop spinners and redraws.
    public var accessibleEnvironment = true
    /// The program's terminal: the person's window size.
    public var size: ProcessOptions.WindowSize
    /// The descriptor whose window size the program's terminal follows when the person resizes it; nil for none.
    public var sizeSource: Int32?
    /// The narrator's timings and speech budget.
    public var narrator = Narrator.Settings()
    /// Where what the program showed is recorded (`--record`); nil for nowhere.
    public var recorder: WrapRecorder?

    /// Runs `command` in `environment` on a terminal of `size`.
    public init(
        command: [String], environment: [String: String],
        size: ProcessOptions.WindowSize = .init(columns: 80, rows: 24)
    ) {
        self.command = command
        self.environment = environment
        self.size = size
    }

    /// Gives the program a terminal of the person's size, and its changes: the size of the first of standard output,
    /// input and error that is a terminal; the size given before when none is (output to a file or a pipe).
    public mutating func followPersonsTerminal() {
        for descriptor in [STDOUT_FILENO, STDIN_FILENO, STDERR_FILENO] {
            guard let size = ProcessOptions.WindowSize.ofTerminal(descriptor) else { continue }
            self.size = size
            sizeSource = descriptor
            return
        }
    }

    /// The terminal type a program gets when the person's names none: the emulator reads what xterm writes.
    public static let defaultTerminal = "xterm-256color"

    /// The environment the program starts with: the person's, `ACCESSIBLE=1` unless turned off, and their `TERM`
    /// (xterm's when they have none, so the program draws what it would draw for them).
    public var programEnvironment: [String: String] {
        var result = environment
        if accessibleEnvironment { result["ACCESSIBLE"] = "1" }
        if (result["TERM"] ?? "").isEmpty { result["TERM"] = Self.defaultTerminal }
        return result
    }

    /// The program's name as the end line says it: its file name, without the folders.
    public var programName: String {
        let path = command.first ?? ""
        return path.split(separator: "/").last.map(String.init) ?? path
    }
}
