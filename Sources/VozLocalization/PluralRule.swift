/// The plural rule of a PO file's `Plural-Forms` header: how many forms a language has and which one a count
/// takes, evaluated from the header's C expression (`nplurals=2; plural=(n > 1);`) exactly as gettext does.
package struct PluralRule: Sendable, Equatable {
    /// How many plural forms the language has.
    package let count: Int
    private let expression: PluralExpression

    /// Reads a `Plural-Forms` value such as `nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);`.
    package init(header: String) throws(PluralRuleError) {
        var count: Int?
        var source: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "nplurals": count = Int(pair[1])
            case "plural": source = pair[1]
            default: continue
            }
        }
        guard let count, count >= 1 else { throw .missing("nplurals") }
        guard let source else { throw .missing("plural") }
        self.count = count
        self.expression = try PluralExpression.parse(source)
    }

    /// The rule English and Spanish use, for catalogs that lack a header.
    package static let oneOrOther = PluralRule(count: 2, expression: .binary(.notEqual, .n, .number(1)))

    private init(count: Int, expression: PluralExpression) {
        self.count = count
        self.expression = expression
    }

    /// The index of the plural form `n` takes, within `0..<count`.
    package func form(for n: Int) -> Int {
        let value = expression.evaluate(UInt64(clamping: n.magnitude))
        return value < UInt64(count) ? Int(value) : 0
    }
}

/// Why a `Plural-Forms` header cannot be used.
package enum PluralRuleError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case syntax(String, position: Int)

    package var description: String {
        switch self {
        case .missing(let name): return "has no \(name)"
        case .syntax(let reason, let position): return "has \(reason) at character \(position + 1)"
        }
    }
}

// MARK: - Expression

/// The C subset gettext's plural expressions use: `n`, unsigned numbers, `! * / % + - < <= > >= == != && ||`,
/// `?:` and parentheses, with C's precedence; evaluated on unsigned integers as gettext does.
indirect enum PluralExpression: Sendable, Equatable {
    enum Operator: Sendable, Equatable {
        case multiply, divide, remainder, add, subtract
        case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual, and, or
    }

    case n
    case number(UInt64)
    case not(PluralExpression)
    case binary(Operator, PluralExpression, PluralExpression)
    case conditional(PluralExpression, PluralExpression, PluralExpression)

    func evaluate(_ n: UInt64) -> UInt64 {
        switch self {
        case .n: return n
        case .number(let value): return value
        case .not(let operand): return operand.evaluate(n) == 0 ? 1 : 0
        case .conditional(let condition, let yes, let no):
            return condition.evaluate(n) != 0 ? yes.evaluate(n) : no.evaluate(n)
        case .binary(let op, let left, let right):
            let l = left.evaluate(n)
            // && and || short-circuit, so a division by zero on the other side is never reached.
            if op == .and { return l != 0 && right.evaluate(n) != 0 ? 1 : 0 }
            if op == .or { return l != 0 || right.evaluate(n) != 0 ? 1 : 0 }
            let r = right.evaluate(n)
            switch op {
            case .multiply: return l &* r
            case .divide: return r == 0 ? 0 : l / r
            case .remainder: return r == 0 ? 0 : l % r
            case .add: return l &+ r
            case .subtract: return l &- r
            case .less: return l < r ? 1 : 0
            case .lessOrEqual: return l <= r ? 1 : 0
            case .greater: return l > r ? 1 : 0
            case .greaterOrEqual: return l >= r ? 1 : 0
            case .equal: return l == r ? 1 : 0
            case .notEqual: return l != r ? 1 : 0
            case .and, .or: return 0
            }
        }
    }

    /// Parses a whole expression; a trailing `;` is allowed.
    static func parse(_ source: String) throws(PluralRuleError) -> PluralExpression {
        var parser = PluralParser(source)
        let expression = try parser.conditional()
        parser.skipSpaces()
        if parser.peek == ";" { parser.advance() }
        parser.skipSpaces()
        guard parser.atEnd else { throw .syntax("unexpected text", position: parser.position) }
        return expression
    }
}

/// A recursive-descent parser over the expression's bytes, one method a precedence level.
private struct PluralParser {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    var atEnd: Bool { position >= bytes.count }
    var peek: Character? { atEnd ? nil : Character(UnicodeScalar(bytes[position])) }

    mutating func advance() { position += 1 }

    mutating func skipSpaces() {
        while let next = peek, next.isWhitespace { advance() }
    }

    /// Consumes `token` when it comes next (after spaces).
    private mutating func take(_ token: String) -> Bool {
        skipSpaces()
        let token = Array(token.utf8)
        guard bytes.count - position >= token.count, Array(bytes[position..<(position + token.count)]) == token
        else { return false }
        position += token.count
        return true
    }

    mutating func conditional() throws(PluralRuleError) -> PluralExpression {
        let condition = try binary(level: 0)
        guard take("?") else { return condition }
        let yes = try conditional()
        guard take(":") else { throw .syntax("a ? without its :", position: position) }
        let no = try conditional()
        return .conditional(condition, yes, no)
    }

    /// Binary operators from loosest to tightest; within a level they associate to the left.
    private static let levels: [[(String, PluralExpression.Operator)]] = [
        [("||", .or)],
        [("&&", .and)],
        [("==", .equal), ("!=", .notEqual)],
        [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
        [("+", .add), ("-", .subtract)],
        [("*", .multiply), ("/", .divide), ("%", .remainder)],
    ]

    private mutating func binary(level: Int) throws(PluralRuleError) -> PluralExpression {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level: level + 1)
        while let op = Self.levels[level].first(where: { take($0.0) })?.1 {
            left = .binary(op, left, try binary(level: level + 1))
        }
        return left
    }

    private mutating func unary() throws(PluralRuleError) -> PluralExpression {
        if take("!") { return .not(try unary()) }
        if take("(") {
            let inner = try conditional()
            guard take(")") else { throw .syntax("a ( without its )", position: position) }
            return inner
        }
        skipSpaces()
        if peek == "n" {
            advance()
            return .n
        }
        var value: UInt64 = 0
        let start = position
        while let next = peek, let digit = next.wholeNumberValue, next.isASCII {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { throw .syntax("a number too large", position: start) }
            value = product + UInt64(digit)
            advance()
        }
        guard position > start else { throw .syntax("something other than n, a number or (", position: position) }
        return .number(value)
    }
}
