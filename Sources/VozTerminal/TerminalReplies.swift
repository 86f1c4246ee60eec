/// The terminal's answers to a program's queries, which asciinema and `voz record` write as input events: a cursor
/// position report (`ESC[12;1R`), device attributes (`ESC[?62;22c`), a status report (`ESC[0n`), a colour
/// (`ESC]11;rgb:0000/0000/0000 BEL`). Nobody typed them: the rules read the inputs without them. Only the
/// shapes are read here; the queries they answer are `ScreenEvent.terminalQuery` events of the replay.
package enum TerminalReplies {
    /// One answer found at the start of some input, and how many characters it takes.
    struct Reply: Equatable {
        /// What it answers: `cursor`, `status`, `attributes` or `color`, as `ScreenEvent.terminalQuery` names it.
        var kind: String
        var length: Int
    }

    // MARK: - Recognising

    /// Whether `data` holds nothing but terminal answers (at least one).
    static func isOnlyReplies(_ data: String) -> Bool {
        guard data.first == "\u{1B}" else { return false }
        var rest = Substring(data)
        while let reply = reply(at: rest) { rest = rest.dropFirst(reply.length) }
        return rest.isEmpty && rest.startIndex != data.startIndex
    }

    /// The answer at the start of `text`, when it starts with one.
    static func reply(at text: Substring) -> Reply? {
        let characters = Array(text.prefix(80))
        guard characters.count >= 3, characters[0] == "\u{1B}" else { return nil }
        if characters[1] == "]" { return colorReply(characters) }
        guard characters[1] == "[" else { return nil }
        var index = 2
        let marker = characters[index] == "?" || characters[index] == ">" || characters[index] == "="
        if marker { index += 1 }
        var numbers = 0
        var digits = 0
        while index < characters.count, characters[index].isASCII,
            characters[index].isNumber || characters[index] == ";"
        {
            if characters[index] == ";" {
                numbers += 1
                digits = 0
            } else {
                digits += 1
            }
            index += 1
        }
        guard index < characters.count else { return nil }
        if digits > 0 { numbers += 1 }
        switch characters[index] {
        case "R" where numbers == 2 && characters[index - 1] != ";" && characters[index - 1] != "[":
            return Reply(kind: "cursor", length: index + 1)
        case "c" where marker && numbers >= 1: return Reply(kind: "attributes", length: index + 1)
        case "n" where !marker && numbers == 1 && (characters[2] == "0" || characters[2] == "3"):
            return Reply(kind: "status", length: index + 1)
        default: return nil
        }
    }

    /// `ESC ] 4;N;rgb:… ST`, `ESC ] 10;rgb:… ST` (11, 12): the colour the program asked for.
    private static func colorReply(_ characters: [Character]) -> Reply? {
        let body = String(characters.dropFirst(2))
        guard ["4;", "10;", "11;", "12;"].contains(where: body.hasPrefix), body.contains("rgb") else { return nil }
        for (index, character) in characters.enumerated().dropFirst(2) {
            if character == "\u{07}" { return Reply(kind: "color", length: index + 1) }
            if character == "\u{1B}", index + 1 < characters.count, characters[index + 1] == "\\" {
                return Reply(kind: "color", length: index + 2)
            }
        }
        return nil
    }

    // MARK: - Pairing

    /// The inputs a person sent: each answer the program asked for is taken out, and an input that held only
    /// answers is dropped. An answer-shaped input no query asked for (Shift+F3 sends `ESC[1;2R`) stays, as a key.
    package static func personInputs(_ timeline: ScreenTimeline) -> [InputMoment] {
        guard timeline.inputs.contains(where: { $0.data.contains("\u{1B}") }) else { return timeline.inputs }
        let queries = timeline.events.filter { $0.kind == .terminalQuery }
        var asked: [String: Int] = [:]
        var nextQuery = 0
        var result: [InputMoment] = []
        for moment in timeline.inputs {
            while nextQuery < queries.count, queries[nextQuery].place.offset <= moment.place.offset {
                asked[queries[nextQuery].text, default: 0] += 1
                nextQuery += 1
            }
            guard moment.data.contains("\u{1B}") else {
                result.append(moment)
                continue
            }
            var kept = ""
            var unasked = false
            var rest = Substring(moment.data)
            while !rest.isEmpty {
                if let reply = reply(at: rest) {
                    if let count = asked[reply.kind], count > 0 {
                        asked[reply.kind] = count - 1
                    } else {
                        unasked = true
                        kept += rest.prefix(reply.length)
                    }
                    rest = rest.dropFirst(reply.length)
                } else {
                    kept.append(rest.removeFirst())
                }
            }
            guard !kept.isEmpty else { continue }
            var person = moment
            person.data = kept
            person.key = InputMoment.keyName(kept) ?? (unasked && isOnlyReplies(kept) ? "reply" : nil)
            result.append(person)
        }
        return result
    }
}
