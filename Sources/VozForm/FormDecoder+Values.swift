import Foundation
import VozJSON

/// Reading typed values out of JSON objects, recording lines as it goes.
extension FormDecoder {
    /// The members of one JSON object, with the path they sit at.
    struct Members {
        let path: String
        let line: Int
        let list: [JSONMember]

        subscript(key: String) -> JSONMember? { list.first { $0.key == key } }

        func path(_ key: String) -> String {
            let shown = QuotedText.visible(key)
            return path.isEmpty ? shown : "\(path).\(shown)"
        }
    }

    /// Checks that `node` is an object whose keys are all in `allowed` (any key when nil).
    mutating func object(
        _ node: JSONNode, at path: String, allowed: [String]?, what: FormProblem
    ) throws(FormFileError) -> Members {
        guard let list = node.members else { throw mismatch(path, node, expected: what) }
        let members = Members(path: path, line: node.line, list: list)
        for member in list {
            let child = members.path(member.key)
            lines[child] = member.keyLine
            if let allowed, !allowed.contains(member.key) {
                throw fail(child, member.keyLine, "unknownKey", ["keys": allowed.joined(separator: ", ")])
            }
        }
        return members
    }

    func required(_ members: Members, _ key: String, what: FormProblem) throws(FormFileError) -> JSONMember {
        guard let member = members[key] else {
            throw fail(
                members.path, members.line, FormProblem("formFile.missingKey", ["key": key], phrases: ["what": what]))
        }
        return member
    }

    /// A string that must be present and not blank.
    func requiredText(_ members: Members, _ key: String, what: FormProblem) throws(FormFileError) -> String {
        try text(try required(members, key, what: what), at: members.path(key), what: what)
    }

    /// A label: required and not blank, except when decoding for an audit, where a missing or blank label is
    /// read as empty for the audit to report.
    func labelText(_ members: Members, _ key: String, what: FormProblem) throws(FormFileError) -> String {
        if forAudit {
            guard let member = members[key] else { return "" }
            if let text = member.value.string, BlankText.isBlank(text) {
                return ""
            }
        }
        return try requiredText(members, key, what: what)
    }

    /// A string that is not blank, when the key is present.
    func optionalText(_ members: Members, _ key: String, what: FormProblem) throws(FormFileError) -> String? {
        guard let member = members[key] else { return nil }
        return try text(member, at: members.path(key), what: what)
    }

    func text(_ member: JSONMember, at path: String, what: FormProblem) throws(FormFileError) -> String {
        guard let text = member.value.string, !BlankText.isBlank(text) else {
            throw mismatch(path, member.value, expected: what)
        }
        // Every text of a form is printed and spoken: a control character or a direction override in it could
        // act on the terminal or hide words from the listener, so it is refused where the author can fix it.
        guard !text.unicodeScalars.contains(where: QuotedText.actsOnDisplay) else {
            throw mismatch(path, member.value, expected: FormProblem("formFile.oneLine", phrases: ["what": what]))
        }
        return text
    }

    func optionalBool(_ members: Members, _ key: String) throws(FormFileError) -> Bool? {
        guard let member = members[key] else { return nil }
        guard case .bool(let value) = member.value.value else {
            throw mismatch(members.path(key), member.value, expected: .what("trueOrFalse"))
        }
        return value
    }

    func optionalNumber(
        _ members: Members, _ key: String, what: FormProblem = .what("number")
    ) throws(FormFileError) -> Double? {
        guard let member = members[key] else { return nil }
        return try finiteNumber(members, key, member, what: what)
    }

    /// A whole number from 0 to `limit` (one million: a count of items), when the key is present.
    func optionalCount(_ members: Members, _ key: String, limit: Int = 1_000_000) throws(FormFileError) -> Int? {
        guard let member = members[key] else { return nil }
        guard let value = member.value.int, value >= 0, value <= limit else {
            throw mismatch(members.path(key), member.value, expected: .what("count", ["limit": String(limit)]))
        }
        return value
    }

    /// The largest length a text rule may state: an API's `maxLength: 1536000` (a long article) is a real limit
    /// the server keeps, so lengths go up to what a 32-bit count holds.
    package static let lengthLimit = Int(Int32.max)

    /// A number of seconds in `range`, when the key is present; zero only when `allowZero`.
    func optionalSeconds(
        _ members: Members, _ key: String, in range: ClosedRange<Double>, allowZero: Bool
    ) throws(FormFileError) -> Double? {
        guard let member = members[key] else { return nil }
        let what = FormProblem.what(
            allowZero ? "secondsFromZero" : "secondsAboveZero", ["max": String(Int(range.upperBound))])
        let value = try finiteNumber(members, key, member, what: what)
        guard range.contains(value), allowZero || value > 0 else {
            throw mismatch(members.path(key), member.value, expected: what)
        }
        return value
    }

    /// One of a fixed set of words, when the key is present.
    func optionalChoice(
        _ members: Members, _ key: String, among words: [String], caseInsensitive: Bool = false
    ) throws(FormFileError) -> String? {
        guard let member = members[key] else { return nil }
        let expected = FormProblem.what("oneOf", ["words": words.joined(separator: ", ")])
        guard let text = member.value.string else {
            throw mismatch(members.path(key), member.value, expected: expected)
        }
        let match = words.first { caseInsensitive ? $0.caseInsensitiveCompare(text) == .orderedSame : $0 == text }
        guard let match else { throw mismatch(members.path(key), member.value, expected: expected) }
        return match
    }
}

// MARK: - Numbers

extension FormDecoder {
    /// A number as a double; a number past a double's range is named as too large rather than rounded to infinity.
    fileprivate func finiteNumber(
        _ members: Members, _ key: String, _ member: JSONMember, what: FormProblem
    ) throws(FormFileError) -> Double {
        guard let number = member.value.number else { throw mismatch(members.path(key), member.value, expected: what) }
        guard let value = number.double else {
            throw fail(
                members.path(key), member.value.line, "numberTooLarge", ["number": QuotedText.visible(number.literal)])
        }
        return value
    }
}
