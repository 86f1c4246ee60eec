import VozSupport

/// The keys `voz record` sends, one step a line: `expect TEXT`, `type TEXT`, `key NAME`, `sleep MS`,
/// `wait-exit`. Blank lines and lines starting with `#` are skipped.
public struct KeyScript: Sendable, Equatable {
    /// One step and the script line it came from.
    public enum Step: Sendable, Equatable {
        /// Waits until the program writes this text, after what earlier steps matched.
        case expect(String)
        /// Types the text as it is.
        case type(String)
        /// Presses a named key: `enter`, `up`, `down`, `left`, `right`, `space`, `tab`, `esc` or `ctrl-c`.
        case key(String)
        /// Waits this long, in milliseconds, reading what the program writes meanwhile.
        case sleep(milliseconds: Int)
        /// Waits until the program exits.
        case waitExit
    }

    /// The steps in order, each with its 1-based line in the script.
    public var steps: [(line: Int, step: Step)] { zip(lines, stepList).map { ($0, $1) } }
    private var lines: [Int]
    private var stepList: [Step]

    /// A script of `steps`, one a line from line 1.
    public init(_ steps: [Step] = []) {
        stepList = steps
        lines = steps.indices.map { $0 + 1 }
    }

    /// Two scripts are equal when their steps are, whatever lines they came from.
    public static func == (lhs: KeyScript, rhs: KeyScript) -> Bool { lhs.stepList == rhs.stepList }

    /// The bytes each key name sends; arrows depend on the cursor-key mode the program asked for.
    public static func bytes(forKey name: String, applicationCursor: Bool) -> String? {
        let arrow = applicationCursor ? "\u{1B}O" : "\u{1B}["
        switch name {
        case "enter": return "\r"
        case "up": return arrow + "A"
        case "down": return arrow + "B"
        case "right": return arrow + "C"
        case "left": return arrow + "D"
        case "space": return " "
        case "tab": return "\t"
        case "esc": return "\u{1B}"
        case "ctrl-c": return "\u{03}"
        default: return nil
        }
    }

    /// Reads a script; the error names the line and what is wrong with it.
    public static func parse(_ text: String) throws(KeyScriptError) -> KeyScript {
        var script = KeyScript()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            let trimmed = line.trimmingBlanks
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let word = String(trimmed.prefix { $0 != " " })
            let rest = trimmed.count > word.count ? String(trimmed.dropFirst(word.count + 1)) : ""
            let step: Step
            switch word {
            case "expect":
                guard !rest.isEmpty else {
                    throw KeyScriptError(line: index + 1, problem: "expect needs the text to wait for")
                }
                step = .expect(rest)
            case "type":
                guard !rest.isEmpty else {
                    throw KeyScriptError(line: index + 1, problem: "type needs the text to type")
                }
                step = .type(rest)
            case "key":
                guard bytes(forKey: rest, applicationCursor: false) != nil else {
                    throw KeyScriptError(
                        line: index + 1,
                        problem:
                            "the key \(rest) is not known; use enter, up, down, left, right, space, tab, esc or ctrl-c")
                }
                step = .key(rest)
            case "sleep":
                guard let milliseconds = Int(rest), milliseconds >= 0, milliseconds <= 600_000 else {
                    throw KeyScriptError(line: index + 1, problem: "sleep needs milliseconds, such as sleep 500")
                }
                step = .sleep(milliseconds: milliseconds)
            case "wait-exit":
                step = .waitExit
            default:
                throw KeyScriptError(
                    line: index + 1,
                    problem: "\(word) is not a step; use expect, type, key, sleep or wait-exit")
            }
            script.stepList.append(step)
            script.lines.append(index + 1)
        }
        return script
    }
}

/// A key script line that cannot be run.
public struct KeyScriptError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// What is wrong with it, in English.
    public var problem: String

    /// `line N: problem`.
    public var description: String { "line \(line): \(problem)" }
}
