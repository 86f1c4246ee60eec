/// Where the session reads the user's lines from: a terminal, a file of answers, or a test's script.
public protocol LineSource: Sendable {
    /// The next line without its newline, or nil at end of input.
    /// - Parameter secret: the line is a secret's value; a terminal reads it with echo off.
    func readLine(secret: Bool) async -> String?
}

/// Where plain lines go: standard output in the tool, an array in tests.
public protocol LineSink: Sendable {
    func write(line: String) async
}
