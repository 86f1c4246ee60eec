import VozAudit

/// The words a generated form speaks, taken from a schema: labels from property names, hints from descriptions,
/// and the property names autofill purposes are guessed from (`PurposeInference`).
enum SchemaWording {
    /// A property name in words: `passenger_name` → "Passenger name", `firstName` → "First name",
    /// `zipCode2` → "Zip code 2", `cvc` → "CVC".
    static func words(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            if character == "_" || character == "-" || character == " " || character == "." {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if let last = previous, !current.isEmpty,
                (character.isUppercase && last.isLowercase) || (character.isNumber != last.isNumber)
            {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        words = words.flatMap(splitAcronym)
        // An acronym (`ID`, `URL`) keeps its capitals, and an initialism written as a word (`cvc`, `Iban`) gets
        // them, so a voice spells it; any other word after the first is lower case.
        let lowered = words.enumerated().map { offset, word in
            if LabelWords.initialisms.contains(word.lowercased()) { return word.uppercased() }
            // A plural initialism (`redirectUris`) is spelled too, its "s" kept small: "Redirect URIs".
            if word.count > 3, word.last == "s", LabelWords.initialisms.contains(String(word.dropLast()).lowercased()) {
                return word.dropLast().uppercased() + "s"
            }
            return word.count > 1 && word.allSatisfy(\.isUppercase) ? word : offset == 0 ? word : word.lowercased()
        }
        guard let first = lowered.first else { return name }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + lowered.dropFirst()).joined(separator: " ")
    }

    /// An acronym run into the next word (`SICCode`, `NAICSCode`, `APIKey`) as two words, so the acronym keeps its
    /// capitals and the word is lower case ("SIC code"); a plural acronym (`IDs`, `URLs`) stays one word.
    private static func splitAcronym(_ word: String) -> [String] {
        let letters = Array(word)
        var capitals = 0
        while capitals < letters.count, letters[capitals].isUppercase { capitals += 1 }
        let lowerTail = letters[capitals...]
        guard capitals >= 3, lowerTail.count >= 2, lowerTail.allSatisfy(\.isLowercase) else { return [word] }
        return [String(letters[..<(capitals - 1)]), String(letters[(capitals - 1)...])]
    }

    /// The first sentence of a description, with markdown marks and links reduced to their text.
    ///
    /// A sentence that only says "Optional." or "Required." is passed over: Voz says that itself, in the
    /// listener's language, and the hint is the next sentence.
    static func firstSentence(_ description: String) -> String? {
        sentences(description).first
    }

    /// The hint of a description: its first sentence, and every later one that states a constraint ("Must be a
    /// six-digit number.", "At most 3 per day."), which a listener needs before answering; the others (history,
    /// how the server uses the value) are left to the written documentation.
    static func hint(_ description: String) -> String? {
        let all = sentences(description)
        guard let first = all.first else { return nil }
        return ([first] + all.dropFirst().filter(isConstraint)).joined(separator: " ")
    }

    /// Whether a sentence says what a value must be: a limit, a format, what it may or may not hold.
    static func isConstraint(_ sentence: String) -> Bool {
        let words = sentence.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "-" }.map(String.init)
        let joined = " " + words.joined(separator: " ") + " "
        return !constraintWords.isDisjoint(with: words) || constraintPhrases.contains { joined.contains($0) }
            || words.contains { $0.hasSuffix("-digit") || $0.hasSuffix("-character") || $0.hasSuffix("-letter") }
    }

    private static let constraintWords: Set<String> = [
        "must", "cannot", "can't", "only", "between", "minimum", "maximum", "characters", "digits", "letters",
        "exactly", "format", "formatted", "allowed", "required", "lowercase", "uppercase", "unique", "valid",
    ]
    private static let constraintPhrases = [
        " at least ", " at most ", " up to ", " no more than ", " no less than ", " may not ", " should be ",
        " should not ", " not be ", " or fewer ", " or more ", " one of ",
    ]

    /// The sentences of a description, markdown reduced to text, without those only saying "Optional.".
    static func sentences(_ description: String) -> [String] {
        var characters = stripMarkdown(description)[...]
        var result: [String] = []
        while !characters.isEmpty {
            var sentence = ""
            while let character = characters.first {
                characters = characters.dropFirst()
                sentence.append(character)
                if ".!?".contains(character), characters.first.map({ $0 == " " || $0 == "\n" }) ?? true { break }
                if character == "\n", characters.first == "\n" { break }
            }
            let trimmed = sentence.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let bare = trimmed.lowercased().filter(\.isLetter)
            if !trimmed.isEmpty, !requirednessWords.contains(bare) { result.append(trimmed) }
        }
        return result
    }

    /// What a description may say of a field's being required that Voz already says.
    private static let requirednessWords: Set<String> = ["optional", "required", "mandatory"]

    /// `text` without emphasis marks, code ticks, headings and quotes; a link `[text](address)` keeps its text.
    private static func stripMarkdown(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "]", rest.first == "(", let close = rest.firstIndex(of: ")") {
                rest = rest[rest.index(after: close)...]
            } else if !"*_`#>[]".contains(character) {
                result.append(character)
            }
        }
        return result
    }

    /// Enum variable names in words, without the words every name begins with: `STATUS_ACTIVE`,
    /// `STATUS_ON_HOLD` → "Active", "On hold"; `Red`, `DarkBlue` → "Red", "Dark blue".
    static func varnames(_ names: [String]) -> [String] {
        // Names in capitals throughout are constants' spelling, not acronyms: they are read as plain words.
        let split = names.map { name in
            words(name.contains(where: \.isLowercase) ? name : name.lowercased()).split(separator: " ").map(String.init)
        }
        var common = 0
        while let first = split.first, common < first.count - 1,
            split.allSatisfy({ common < $0.count - 1 && $0[common].lowercased() == first[common].lowercased() })
        {
            common += 1
        }
        return split.map { parts in
            let rest = parts.dropFirst(common)
            let head = rest.first.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? ""
            return ([head] + rest.dropFirst()).joined(separator: " ")
        }
    }

    // MARK: - Purpose

}
