import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - A recorded program's terminal

extension RunningProcess {
    /// Starts `command` under a pseudo-terminal of `columns` by `rows`, with `environment` as its whole
    /// environment, leading a session of its own.
    static func recorded(_ command: [String], environment: [String: String], columns: Int, rows: Int)
        throws(TerminalRecorder.StartError) -> RunningProcess
    {
        guard let program = command.first else { throw .notFound("") }
        let options = ProcessOptions(
            executable: program, arguments: Array(command.dropFirst()), environment: environment,
            terminal: .init(columns: columns, rows: rows))
        do {
            return try RunningProcess.spawn(options)
        } catch {
            switch error {
            case .notFound(let name): throw .notFound(name)
            case .system(let call, _): throw .system(call)
            }
        }
    }

    /// The program's output, waiting at most `limit`; `.closed` once it has gone and its output is drained, or
    /// once it has ended while something it started still holds the terminal open (as far as a key script goes,
    /// the program is done).
    func readTerminal(waitingUpTo limit: Duration) -> ReadResult {
        let result = read(.terminal, waitingUpTo: limit)
        if result == .quiet, hasEnded { return .closed }
        return result
    }

    /// Hangs up on the program and everything it started (its whole session: background processes, a shell's
    /// jobs), kills what is still running after a moment, reaps it, closes the terminal, and returns its exit
    /// status as a shell gives it (128 + the signal that ended it).
    func finish() -> Int32 {
        defer { close(.terminal) }
        let ending = stop()
        return ending == .unknown ? 128 + SIGKILL : ending.shellStatus
    }
}
