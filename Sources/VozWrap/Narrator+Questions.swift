import Foundation
import VozLocalization

// MARK: - Questions and answers

extension Narrator {
    /// The program has been quiet `promptWait` after its output and after what was typed: it waits for an answer.
    /// The unfinished line where the cursor is, if not said yet, is said as its question ("python3 asks: Your
    /// name?"), once; `hidden` when its terminal reads the line with echo off, so the person knows what they type
    /// is hidden too.
    public mutating func waiting(hidden: Bool, menu: ScreenMenu? = nil, at now: Duration) -> [Narration] {
        flushCarry(at: now)
        echoes.removeAll()
        var question = ""
        if cursorRow >= 0, cursorRow < rows.count, savedRows == nil, var row = rows[cursorRow], row.text != row.said {
            if let said = row.said, !row.rewritten, row.text.hasPrefix(said) {
                question = String(row.text.dropFirst(said.count)).trimmingCharacters(in: .whitespaces)
            } else {
                question = row.text
            }
            row.said = row.text
            row.saidAt = now
            rows[cursorRow] = row
        }
        if let menu, !hidden {
            // Said when its items change; a step through it is heard when the person chooses, not on each key.
            if menu.items != menuItems {
                let options = menu.items.enumerated().map { index, item in
                    let option = localizer.text("form.option", ["number": String(index + 1), "label": item])
                    return index == menu.current ? localizer.text("wrap.menu.current", ["option": option]) : option
                }
                let text = localizer.text(
                    "wrap.menu",
                    [
                        "program": program, "count": String(menu.items.count),
                        "options": options.joined(separator: localizer.text("form.optionSeparator")),
                    ])
                say(text, kind: .question, at: now)
            }
        } else if hidden {
            let key = question.isEmpty ? "wrap.asksHiddenUnlabelled" : "wrap.asksHidden"
            say(localizer.text(key, ["program": program, "text": question]), kind: .hiddenQuestion, at: now)
        } else if !question.isEmpty {
            say(localizer.text("wrap.asks", ["program": program, "text": question]), kind: .question, at: now)
        }
        asking = true
        menuItems = menu?.items
        return takeSaid()
    }

    /// The program is quiet but does not read its terminal (it works, or waits for something else): the
    /// unfinished line where the cursor is, a line written in parts ("Downloading... "), is said as a line, once.
    public mutating func notWaiting(at now: Duration) -> [Narration] {
        guard cursorRow >= 0, cursorRow < rows.count, savedRows == nil, var row = rows[cursorRow], !row.rewritten,
            row.text != row.said
        else { return [] }
        if let said = row.said, row.text.hasPrefix(said) {
            added(String(row.text.dropFirst(said.count)), at: now)
        } else {
            line(row.raw, continues: false, at: now)
        }
        row.said = row.text
        row.saidAt = now
        rows[cursorRow] = row
        return takeSaid()
    }

    /// The person typed `answers` at the program: its terminal shows them again, which is not said.
    public mutating func typed(_ answers: [String]) {
        asking = false
        echoes += answers.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The screen's rows that show something, cleaned, as the person asked (`:screen`); a sentence when it is
    /// empty.
    public func reading(_ screen: [String]) -> [Narration] {
        let lines = screen.map(SpokenLine.clean).filter { !$0.isEmpty }
        guard !lines.isEmpty else { return [Narration(localizer.text("wrap.screen.empty"), kind: .screen)] }
        return lines.map { Narration($0, kind: .screen) }
    }
}
