import Foundation

/// A light reading of a regular expression's structure, enough to find nested repetition and overlapping
/// alternatives under repetition. It does not validate the pattern (the regex engine does that first).
struct PatternScanner {
    /// What the first character an atom matches may be, coarsely.
    enum First: Equatable {
        case literal(Unicode.Scalar)
        case digit, word, space, any

        func overlaps(_ other: First) -> Bool {
            switch (self, other) {
            case (.any, _), (_, .any): return true
            case (.literal(let a), .literal(let b)):
                return String(a).lowercased() == String(b).lowercased()
            case (.literal(let c), let set), (let set, .literal(let c)):
                return set.contains(c)
            case (.digit, .space), (.space, .digit), (.word, .space), (.space, .word): return false
            default: return true
            }
        }

        private func contains(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            switch self {
            case .digit: return properties.numericType != nil
            case .word: return properties.isAlphabetic || properties.numericType != nil || scalar == "_"
            case .space: return properties.isWhitespace
            case .any: return true
            case .literal(let own): return own == scalar
            }
        }
    }

    /// Something a quantifier can apply to.
    struct Atom {
        var first: First
        var containsRepeat = false
        var overlappingAlternatives = false
    }

    /// An open group.
    struct Frame {
        var branchFirsts: [First?] = [nil]
        var containsRepeat = false
        var atomic = false
        var lastAtom: Atom?
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var frames = [Frame()]

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func scan() -> String? {
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\": escape()
            case "[":
                skipClass()
                add(Atom(first: .any))
            case "(": openGroup()
            case ")": closeGroup()
            case "|":
                frames[frames.count - 1].branchFirsts.append(nil)
                frames[frames.count - 1].lastAtom = nil
            case "^", "$": frames[frames.count - 1].lastAtom = nil
            case "*", "+", "?", "{":
                if let risk = quantifier(scalar) { return risk }
            case ".": add(Atom(first: .any))
            default: add(Atom(first: .literal(scalar)))
            }
        }
        return nil
    }

    // MARK: - Atoms

    private mutating func add(_ atom: Atom) {
        let top = frames.count - 1
        frames[top].lastAtom = atom
        if frames[top].branchFirsts[frames[top].branchFirsts.count - 1] == nil {
            frames[top].branchFirsts[frames[top].branchFirsts.count - 1] = atom.first
        }
    }

    private mutating func escape() {
        guard index < scalars.count else { return }
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "d": add(Atom(first: .digit))
        case "w": add(Atom(first: .word))
        case "s": add(Atom(first: .space))
        case "b", "B", "A", "z", "Z", "G": frames[frames.count - 1].lastAtom = nil
        case "p", "P", "x", "N", "u", "U":
            if index < scalars.count, scalars[index] == "{" {
                while index < scalars.count, scalars[index] != "}" { index += 1 }
                index += 1
            }
            add(Atom(first: .any))
        case "Q":
            let start = index
            while index + 1 < scalars.count, !(scalars[index] == "\\" && scalars[index + 1] == "E") { index += 1 }
            add(Atom(first: start < scalars.count ? .literal(scalars[start]) : .any))
            index = min(index + 2, scalars.count)
        default:
            let isLetterOrDigit = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            add(Atom(first: isLetterOrDigit ? .any : .literal(scalar)))
        }
    }

    private mutating func skipClass() {
        var depth = 1
        if index < scalars.count, scalars[index] == "^" { index += 1 }
        if index < scalars.count, scalars[index] == "]" { index += 1 }
        while index < scalars.count, depth > 0 {
            switch scalars[index] {
            case "\\": index += 1
            case "[": depth += 1
            case "]": depth -= 1
            default: break
            }
            index += 1
        }
    }

    // MARK: - Groups

    private mutating func openGroup() {
        var frame = Frame()
        if index < scalars.count, scalars[index] == "?" {
            let rest = scalars[index...].prefix(3).map(Character.init)
            if rest.starts(with: ["?", ">"]) { frame.atomic = true }
            // Inline flags such as `(?i)` open no group.
            var probe = index + 1
            while probe < scalars.count, scalars[probe].properties.isAlphabetic || scalars[probe] == "-" { probe += 1 }
            if probe < scalars.count, scalars[probe] == ")", probe > index + 1 {
                index = probe + 1
                return
            }
        }
        frames.append(frame)
    }

    private mutating func closeGroup() {
        guard frames.count > 1, let frame = frames.popLast() else { return }
        let firsts = frame.branchFirsts
        var overlapping = false
        for i in firsts.indices {
            for j in firsts.indices where j > i {
                overlapping = overlapping || (firsts[i] ?? .any).overlaps(firsts[j] ?? .any)
            }
        }
        let first = firsts.count == 1 ? (firsts[0] ?? .any) : .any
        let containsRepeat = frame.containsRepeat && !frame.atomic
        if frame.containsRepeat { frames[frames.count - 1].containsRepeat = true }
        add(Atom(first: first, containsRepeat: containsRepeat, overlappingAlternatives: overlapping && !frame.atomic))
    }

    // MARK: - Quantifiers

    /// Reads a quantifier and says why it is risky, if it is.
    private mutating func quantifier(_ scalar: Unicode.Scalar) -> String? {
        var upper: Int?
        switch scalar {
        case "*", "+": upper = nil
        case "?": upper = 1
        default:
            guard let bound = countedBound() else {
                add(Atom(first: .literal("{")))
                return nil
            }
            upper = bound
        }
        var possessive = false
        if index < scalars.count, scalars[index] == "?" {
            index += 1
        } else if index < scalars.count, scalars[index] == "+" {
            index += 1
            possessive = true
        }
        let top = frames.count - 1
        let repeats = upper.map { $0 >= 10 } ?? true
        guard repeats, let atom = frames[top].lastAtom else { return nil }
        frames[top].containsRepeat = true
        frames[top].lastAtom = nil
        guard !possessive else { return nil }
        if atom.containsRepeat { return "a repeated group contains a part that also repeats" }
        if atom.overlappingAlternatives { return "a repeated group has alternatives that match the same text" }
        return nil
    }

    /// The upper bound of `{n}`, `{n,}` (nil inside: unbounded) or `{n,m}`; nil result when it is not one.
    private mutating func countedBound() -> Int?? {
        var probe = index
        var numbers: [String] = [""]
        while probe < scalars.count, scalars[probe] != "}" {
            let scalar = scalars[probe]
            if scalar == "," {
                guard numbers.count == 1 else { return nil }
                numbers.append("")
            } else if ("0"..."9").contains(scalar) {
                numbers[numbers.count - 1].unicodeScalars.append(scalar)
            } else {
                return nil
            }
            probe += 1
        }
        guard probe < scalars.count, !numbers[0].isEmpty else { return nil }
        index = probe + 1
        if numbers.count == 1 { return .some(Int(numbers[0]) ?? Int.max) }
        return numbers[1].isEmpty ? .some(nil) : .some(Int(numbers[1]) ?? Int.max)
    }
}
