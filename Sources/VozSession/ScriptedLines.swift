import Synchronization
import VozSupport

/// A line source that answers from a list, for scripts, tests and tools that already know the answers.
public final class ScriptedLineSource: LineSource {
    private let lines: Mutex<[String]>
    /// The answers file the lines stand for: named, the session stops at the first refused one.
    public let answersFile: String?

    /// - Parameter lines: the answers and commands, in order; after the last one, input ends. A refused line is
    ///   asked again, as for a person typing.
    public init(_ lines: [String]) {
        self.lines = Mutex(lines)
        answersFile = nil
    }

    /// Lines that stand for the answers file `answersFile`: the session stops at the first refused one and names it.
    public init(_ lines: [String], answersFile: String) {
        self.lines = Mutex(lines)
        self.answersFile = answersFile
    }

    /// The next line of the list, or nil once the list is over.
    public func readLine(secret: Bool) async -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// A line sink that keeps every line, for tests and for tools that show the lines their own way.
public final class LineRecorder: LineSink {
    private let recorded = Mutex<[String]>([])

    /// A recorder with no line yet.
    public init() {}

    /// Keeps `line`.
    public func write(line: String) async {
        recorded.withLock { $0.append(line) }
    }

    /// Every line written so far, in order.
    public var lines: [String] { recorded.withLock { $0 } }
}
