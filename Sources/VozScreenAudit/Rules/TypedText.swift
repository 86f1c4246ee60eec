import VozAudit
import VozTerminal

/// Keys that are part of a line being typed rather than commands to the program. A recorder that writes every key
/// as its own input (asciinema with `--stdin`) makes each space of `ls --color /tmp` a Space key; a program that
/// echoes it where the cursor stood and moves on is reading a line, not waiting for Space to toggle something.
enum TypedText {
    /// The inputs with each Space the program echoed as a blank at the cursor read as typed text.
    static func spacesAsText(_ inputs: [InputMoment]) -> [InputMoment] {
        guard inputs.contains(where: { $0.key == "space" || $0.key == "tab" }) else { return inputs }
        var result = inputs
        for index in result.indices.dropLast() where result[index].key == "space" || result[index].key == "tab" {
            let moment = result[index]
            if moment.key == "space" ? echoedAsBlank(moment, next: result[index + 1]) : completes(moment) {
                result[index].key = nil
            }
        }
        return result
    }

    /// Whether a Tab asks a shell to complete the command being typed: the cursor's row starts with a shell prompt
    /// and has text typed after it.
    static func completes(_ moment: InputMoment) -> Bool {
        guard moment.cursorRow >= 0, moment.cursorRow < moment.screen.count else { return false }
        let line = moment.promptText
        guard let space = line.firstIndex(of: " ") else { return false }
        return ScreenText.isShellPrompt(String(line[..<space])) && !String(line[space...]).trimmingBlanks.isEmpty
    }

    /// Whether the screen at the next input shows the Space written where the cursor stood: the cursor one column
    /// further on the same row, the row unchanged before it, and the cell it left blank.
    static func echoedAsBlank(_ moment: InputMoment, next: InputMoment) -> Bool {
        let row = moment.cursorRow
        guard next.cursorRow == row, next.cursorColumn == moment.cursorColumn + 1, row >= 0,
            row < moment.screen.count, row < next.screen.count
        else { return false }
        let before = Array(moment.screen[row].text)
        let after = Array(next.screen[row].text)
        let column = moment.cursorColumn
        guard Array(before.prefix(column)) == Array(after.prefix(column)) else { return false }
        return column >= after.count || after[column] == " "
    }
}
