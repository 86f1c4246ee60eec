import VozAudit
import VozTerminal

/// Rows a program rewrites on its own (not in answer to a key), grouped a row and a stretch between inputs: what
/// the progress, spinner and live-update rules read.
struct ScreenUpdates: DerivedFact {
    typealias Value = [Run]

    /// One row rewritten again and again between two inputs.
    struct Run: Sendable {
        var row: Int
        var events: [ScreenEvent]

        var first: ScreenEvent { events[0] }
        var last: ScreenEvent { events[events.count - 1] }
        var duration: Int { last.place.time - first.place.time }
    }

    /// The runs, in order of their first rewrite. Four rules read them: the audit works them out once and keeps
    /// them with the timeline (`ScreenTimeline.derivingAuditFacts`), which forgets them when its events or inputs
    /// change.
    static func runs(_ timeline: ScreenTimeline) -> [Run] {
        timeline.derived[ScreenUpdates.self] ?? computeRuns(timeline)
    }

    static func computeRuns(_ timeline: ScreenTimeline) -> [Run] {
        let inputTimes = timeline.personInputs.map(\.place.time)
        var open: [Int: Run] = [:]
        var closed: [Run] = []
        var nextInput = 0
        for event in timeline.events where event.kind == .rewritten && !event.afterInput {
            // A new message written over the row ends the updates; completion-not-announced hears it as said.
            guard let row = event.row, !ScreenText.isNewMessage(old: event.previous, new: event.text) else { continue }
            if nextInput < inputTimes.count, event.place.time >= inputTimes[nextInput] {
                closed += open.values
                open.removeAll()
                while nextInput < inputTimes.count, event.place.time >= inputTimes[nextInput] { nextInput += 1 }
            }
            open[row, default: Run(row: row, events: [])].events.append(event)
        }
        closed += open.values
        // Ties (rows rewritten by one output) by row: the dictionary's order changes from run to run.
        return closed.sorted { ($0.first.place.offset, $0.row) < ($1.first.place.offset, $1.row) }
    }

    /// Whether a run cycles through frames: a shape of the row comes back after another one (A, B, A). A row
    /// that takes more than 16 shapes is progress, not a spinner, and is given up on early.
    ///
    /// A shape that comes back counts only when a glyph in its place turned into another glyph (⠋ to ⠙, | to /):
    /// rsync's line that gains and loses its "(xfr#3, to-chk=9/13)" tail changes shape back and forth with no
    /// frame drawn.
    static func cycles(_ run: Run) -> Bool {
        var seen: Set<Int> = []
        var last = ScreenText.shapeKey(run.first.previous)
        var lastText = run.first.previous
        seen.insert(last)
        var returned = 0
        for event in run.events {
            let shape = ScreenText.shapeKey(event.text)
            guard shape != last else { continue }
            if !seen.insert(shape).inserted, glyphTurned(from: lastText, to: event.text) { returned += 1 }
            if seen.count > 16 { return glyphCycles(run) }
            last = shape
            lastText = event.text
        }
        return returned >= 2
    }

    /// Whether some column holds a glyph (neither letter, digit nor blank) in both texts, a different one in each.
    static func glyphTurned(from old: String, to new: String) -> Bool {
        func isGlyph(_ character: Character) -> Bool {
            !(character.isLetter || character.isNumber || character.isWhitespace)
        }
        for (before, after) in zip(old, new) where before != after && isGlyph(before) && isGlyph(after) {
            return true
        }
        return false
    }

    /// Whether a spinner turns inside a row that otherwise moves on (alive-progress: a bar, a count and `▁▃▅`,
    /// `▂▄▆`… beside them): at one column, a short stretch of symbols with no letter or digit comes back after
    /// another. A spinner shows its cycle within its first frames, so only those are read; a bar growing from the
    /// same column never comes back.
    static func glyphCycles(_ run: Run) -> Bool {
        var last: [Int: Substring] = [:]
        var seen: [Int: Set<Substring>] = [:]
        var returned: [Int: Int] = [:]
        for event in run.events.prefix(64) {
            for (column, token) in glyphTokens(event.text) where last[column] != token {
                if !seen[column, default: []].insert(token).inserted {
                    returned[column, default: 0] += 1
                    if returned[column, default: 0] >= 2 { return true }
                }
                last[column] = token
            }
        }
        return false
    }

    /// The stretches of a row between blanks made of symbols alone (1 to 4 of them), by their column.
    private static func glyphTokens(_ text: String) -> [(Int, Substring)] {
        var tokens: [(Int, Substring)] = []
        var column = 0
        for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
            defer { column += piece.count + 1 }
            // Punctuation and `|` are left out (a bar's edges, a list's dashes), but for the classic lone frames.
            let symbols = piece.allSatisfy { !$0.isLetter && !$0.isNumber && !$0.isPunctuation && !$0.isMathSymbol }
            guard (1...4).contains(piece.count), symbols || ["|", "/", "-", "\\"].contains(piece) else { continue }
            tokens.append((column, piece))
        }
        return tokens
    }
}
