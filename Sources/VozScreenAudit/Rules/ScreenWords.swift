import VozAudit
/// The words of terminal output the recording rules read from the catalogs (`audit.words.screen*`), in every
/// language Voz speaks: errors, usage lines, finished work and states.
extension ScreenText {
    static let errorStartWords = AuditWords.phrases("audit.words.screenErrorStart").map { $0.lowercased() }
    static let errorEndWords = AuditWords.phrases("audit.words.screenErrorEnd").map { $0.lowercased() }
    static let usageWords = AuditWords.phrases("audit.words.screenUsage").map { $0.lowercased() }
    static let doneWords = AuditWords.phrases("audit.words.screenDone").map { $0.lowercased() }
    static let stateWords = Set(AuditWords.phrases("audit.words.screenState").map { $0.lowercased() })
    /// Words of a line that asks for an answer in a whole sentence ("Field 3 of 6. Password, required.").
    static let askingWords = AuditWords.phrases("audit.words.screenAsking").map { $0.lowercased() }
    /// Words of an error that say what is expected: a range, or the kind of value ("invalid int value").
    static let expectedWords = AuditWords.phrases("audit.words.screenExpected").map { $0.lowercased() }

    // MARK: - Errors

    /// Whether a line says an error: the error words anywhere, a line that opens with an error word
    /// ("Error: …", "invalid option", "ls: unknown …") or one that ends with a failure ("Validation failed.").
    package static func isErrorLine(_ text: String) -> Bool {
        // Every way a line says an error is in words.
        guard ScreenText.hasWords(text) else { return false }
        if mentions(text, errorWords) { return true }
        let line = withoutProgramName(text)
        guard ScreenText.hasWords(line) else { return false }
        if errorStartWords.contains(where: { startsWithPhrase(line, $0) }) { return true }
        let end = String(line.reversed().drop { ".!:; ".contains($0) }.reversed())
        return errorEndWords.contains { phrase in
            end.hasSuffix(phrase) && (end.dropLast(phrase.count).last.map { !$0.isLetter } ?? true)
        }
    }

    /// Whether an error line says how to correct the answer: the suggestion words, the catalogs' words for what is
    /// expected, or bounds written as comparisons ("1<=x<=120").
    static func suggestsCorrection(_ text: String) -> Bool {
        if mentions(text, suggestionWords) || mentions(text, expectedWords) { return true }
        let bounded = ["<=", ">=", "≤", "≥"].contains(where: text.contains)
        return bounded && text.contains(where: \.isNumber)
    }

    /// Whether a line is a record the program shows rather than something it says about an answer: a log line
    /// that starts with a date or a time (after grep's "12:" line number), or a row of columns two spaces apart.
    static func isRecord(_ text: String) -> Bool {
        let line = text.trimmingBlanks
        var rest = Substring(line)
        if let colon = rest.firstIndex(of: ":"), rest[..<colon].allSatisfy(\.isNumber), colon != rest.startIndex {
            rest = rest[rest.index(after: colon)...]
        }
        let head = Array(rest.prefix(10))
        let isDate =
            head.count == 10 && head[4] == "-" && head[7] == "-"
            && head.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || $0.element.isNumber }
        let time = Array(rest.prefix(8))
        let isTime =
            time.count == 8 && time[2] == ":" && time[5] == ":"
            && time.enumerated().allSatisfy { $0.offset == 2 || $0.offset == 5 || $0.element.isNumber }
        if isDate || isTime { return true }
        return line.components(separatedBy: "  ").filter { !$0.trimmingBlanks.isEmpty }.count >= 3
    }

    /// Whether a line is a program's usage ("Usage: ls [OPTION]…", "usage: prog [-h]").
    static func isUsageLine(_ text: String) -> Bool {
        guard ScreenText.hasWords(text) else { return false }
        let line = withoutProgramName(text)
        return usageWords.contains { line.hasPrefix($0 + ":") || line.hasPrefix($0 + " :") }
    }

    /// The line lowercased, without blanks around it and without a leading program name ("ed: ", "ls: ").
    static func withoutProgramName(_ text: String) -> String {
        let line = text.trimmingBlanks.lowercased()
        guard let colon = line.firstIndex(of: ":") else { return line }
        let name = line[..<colon]
        guard !name.isEmpty, name.count <= 24, !name.contains(" "), !usageWords.contains(String(name)),
            !errorStartWords.contains(String(name))
        else { return line }
        return String(line[line.index(after: colon)...]).trimmingBlanks
    }

    /// Whether `line` starts with `phrase` as whole words.
    static func startsWithPhrase(_ line: String, _ phrase: String) -> Bool {
        guard line.hasPrefix(phrase) else { return false }
        guard let next = line.dropFirst(phrase.count).first else { return true }
        return !next.isLetter
    }

    // MARK: - Finished work and states

    /// Whether a line says the work finished: a word for it ("Done", "Copied 20 files") or a count at its end
    /// ("100%", "70/70").
    static func saysDone(_ text: String) -> Bool {
        if text.contains("100%") || text.contains("100 %") { return true }
        if mentions(text, doneWords) { return true }
        return hasFullCount(text)
    }

    /// Whether the text holds a count that reached its total, such as "70/70".
    static func hasFullCount(_ text: String) -> Bool {
        let parts = text.split { !$0.isNumber && $0 != "/" }
        return parts.contains { part in
            let numbers = part.split(separator: "/")
            return numbers.count == 2 && numbers[0] == numbers[1] && part.filter({ $0 == "/" }).count == 1
        }
    }

    /// Whether a word names a state, so colouring it for that state still says it in text.
    static func isStateWord(_ word: String) -> Bool {
        let core = word.lowercased().filter { $0.isLetter }
        return !core.isEmpty && stateWords.contains(core)
    }
}
