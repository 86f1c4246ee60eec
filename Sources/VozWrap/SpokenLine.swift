import VozAudit
import VozScreenAudit

/// A screen row as it is said: no drawing glyphs (box lines, blocks, Braille spinners), no symbol a voice reads
/// badly or not at all (the audit's symbol-unreadable list), no bar's frame or rule of repeated marks, no spinner's
/// ASCII frame before the words, blanks folded. Empty when nothing readable is left: a rule of dashes, a bare bar.
enum SpokenLine {
    static func clean(_ text: String) -> String {
        var plain = ""
        plain.reserveCapacity(text.utf8.count)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            plain = text
        } else {
            for character in text {
                let drawn = ScreenText.isDrawing(character) || SpokenSymbols.isUnreadable(character)
                plain.append(drawn ? " " : character)
            }
        }
        let tokens = plain.split(separator: " ").map { $0.withoutRules.trimmingBars }.filter { !$0.isEmpty }
        var kept: [Substring] = []
        kept.reserveCapacity(tokens.count)
        for (index, token) in tokens.enumerated() where !isDecorative(token) {
            // A spinner drawn in ASCII turns before the words it stands beside.
            if index == 0, tokens.count > 1, spinnerFrames.contains(token) { continue }
            kept.append(token)
        }
        let line = kept.joined(separator: " ")
        return line.contains { $0.isLetter || $0.isNumber } ? line : ""
    }

    /// The frames of the classic ASCII spinner.
    static let spinnerFrames: Set<Substring> = ["/", "-", "\\"]

    /// A word that only draws: what is left of a bar (its brackets, its head `>`), or a row of dots.
    static func isDecorative(_ token: Substring) -> Bool {
        if token.allSatisfy({ "[]>".contains($0) }) { return true }
        return token.count >= 3 && token.allSatisfy { $0 == "." }
    }
}

extension Substring {
    /// Without runs of three or more of one mark that draw a bar or a rule (`[#####`, `=====>`); dots are left, for
    /// they end sentences and elide ("Loading...").
    fileprivate var withoutRules: Substring {
        guard contains(where: { "-=*_#~+".contains($0) }) else { return self }
        var kept = ""
        var run: [Character] = []
        func close() {
            if run.count < 3 || !"-=*_#~+".contains(run[0]) { kept.append(contentsOf: run) }
            run.removeAll()
        }
        for character in self {
            if let last = run.last, last != character { close() }
            run.append(character)
        }
        close()
        return Substring(kept)
    }

    /// Without the bars a progress bar is framed by (`45%|`, `|`).
    fileprivate var trimmingBars: Substring {
        var text = self
        while text.first == "|" { text = text.dropFirst() }
        while text.last == "|" { text = text.dropLast() }
        return text
    }
}
