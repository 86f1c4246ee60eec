import Foundation
import Synchronization

@testable import VozKit
@testable import VozSession
@testable import VozSupport

/// `docs/session-commands.md` read as cells: every prompt kind (a `###` row) by every input, each with what the
/// table says happens. A row lists only what differs from the table "At a field", so that table fills the rest.
struct CommandTable {
    /// What the first word of a cell's "happens" column says.
    enum Outcome: String, Sendable, CaseIterable {
        case again, moves, answers, sends, leaves
    }

    struct Cell: Sendable, CustomStringConvertible {
        var row: String
        var input: String
        var outcome: Outcome
        var description: String { "\(row) × \(input) → \(outcome.rawValue)" }
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/session-commands.md")

    /// The inputs, in the order of the table "At a field".
    private(set) var inputs: [String] = []
    private(set) var rows: [String] = []
    private(set) var cells: [Cell] = []
    /// Lines of the document that look like a cell but could not be read: a test fails on any.
    private(set) var unreadable: [String] = []

    init(text: String) {
        var defaults: [(String, Outcome)] = []
        var overrides: [String: [String: Outcome]] = [:]
        var section = ""
        var row: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
                row = nil
            } else if line.hasPrefix("### ") {
                let name = String(line.dropFirst(4))
                row = name
                rows.append(name)
                overrides[name] = [:]
            } else if line.hasPrefix("| "), !line.hasPrefix("| input"), !line.hasPrefix("| ---") {
                guard let (input, outcome) = Self.cell(line) else {
                    unreadable.append(line)
                    continue
                }
                if let row {
                    overrides[row]?[input] = outcome
                } else if section == "At a field" {
                    defaults.append((input, outcome))
                }
            }
        }
        inputs = defaults.map(\.0)
        for row in rows {
            for (input, outcome) in defaults {
                cells.append(Cell(row: row, input: input, outcome: overrides[row]?[input] ?? outcome))
            }
            for input in (overrides[row] ?? [:]).keys where !inputs.contains(input) {
                unreadable.append("\(row): \(input) is not an input of the table At a field")
            }
        }
    }

    /// "| `:ir N` | `moves` | … |" → (":ir N", .moves); "| empty line | `answers` | … |" → ("empty line", .answers).
    private static func cell(_ line: String) -> (String, Outcome)? {
        let columns = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard columns.count >= 4 else { return nil }
        let input = columns[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        let happens = columns[1]
        guard happens.hasPrefix("`"), let end = happens.dropFirst().firstIndex(of: "`"),
            let outcome = Outcome(rawValue: String(happens[happens.index(after: happens.startIndex)..<end]))
        else { return nil }
        return (input, outcome)
    }
}

/// Lines for a session that also notes, at each read, how many lines had been printed: what a line caused is what
/// was printed between its read and the next. `nil` ends input; `interrupt` presses Ctrl-C.
final class MarkedLines: LineSource {
    static let interrupt = "\u{3}"
    private let state: Mutex<(lines: [String?], marks: [Int])>
    private let printed: LineRecorder
    private let session = Mutex<Session?>(nil)

    init(_ lines: [String?], printed: LineRecorder) {
        state = Mutex((lines, []))
        self.printed = printed
    }

    func attach(_ session: Session) {
        self.session.withLock { $0 = session }
    }

    /// How many lines were printed before each line was read, in order.
    var marks: [Int] { state.withLock { $0.marks } }

    /// A line that is not typed: reading waits until a printed line contains the rest (an outcome that comes
    /// while sending), so the next line is not typed ahead.
    static func waitFor(_ text: String) -> String { "\u{1}" + text }

    /// The next scripted line; nil once they are used up.
    private func take() -> String? {
        state.withLock { state -> String? in state.lines.isEmpty ? nil : state.lines.removeFirst() }
    }

    func readLine(secret: Bool) async -> String? {
        var next = take()
        while let line = next, line.hasPrefix("\u{1}") {
            let wanted = String(line.dropFirst())
            for _ in 0..<500 where !printed.lines.contains(where: { $0.contains(wanted) }) {
                try? await Task.sleep(for: .milliseconds(10))
            }
            next = take()
        }
        let count = printed.lines.count
        state.withLock { $0.marks.append(count) }
        guard let line = next else { return nil }
        if line == Self.interrupt {
            session.withLock { $0 }?.interrupt()
            return nil
        }
        return line
    }
}
