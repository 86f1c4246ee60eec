/// Where the session reads the user's lines from: a terminal, a file of answers, or a test's script.
public protocol LineSource: Sendable {
    /// The next line without its newline, or nil at end of input.
    /// - Parameter secret: the line is a secret's value; a terminal reads it with echo off.
    func readLine(secret: Bool) async -> String?

    /// Called just before a prompt is shown, with whether the line it asks for is a secret: a terminal turns echo
    /// off here, so a secret typed the moment the prompt appears (or ahead of it) is never shown.
    func prepareToRead(secret: Bool) async

    /// Whether a person types these lines as they are asked: a draft is offered back only then, since a script must
    /// not be surprised by a question it was not written for.
    var isInteractive: Bool { get }

    /// The answers file these lines are read from, as it was named: a run reading one stops at the first refused
    /// line and names it, since the lines after it were written for other fields. Nil for a person typing.
    var answersFile: String? { get }
}

extension LineSource {
    /// Nothing to prepare: only a terminal echoes.
    public func prepareToRead(secret: Bool) async {}

    /// Not a person at a terminal, unless the source says so.
    public var isInteractive: Bool { false }

    /// No answers file, unless the source says so: refused lines are asked again.
    public var answersFile: String? { nil }
}

/// Where plain lines go: standard output in the tool, an array in tests.
public protocol LineSink: Sendable {
    /// Writes one line, given without its line break.
    func write(line: String) async
}
