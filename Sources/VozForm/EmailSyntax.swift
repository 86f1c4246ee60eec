import Foundation

/// Checks the syntax of an e-mail address (RFC 5321 sizes, the dot-atom form people type) and says what is
/// wrong in terms a user can act on. International letters are allowed (RFC 6531).
enum EmailSyntax {
    /// The first problem found, with the character at fault for `invalidCharacter`; nil when the address is fine.
    static func problem(in address: String) -> (EmailProblem, Character?)? {
        if address.contains(where: \.isWhitespace) { return (.containsSpace, nil) }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count == 1 { return (.missingAt, nil) }
        if parts.count > 2 { return (.severalAts, nil) }
        let local = parts[0]
        let domain = parts[1]
        if local.isEmpty { return (.missingLocalPart, nil) }
        if domain.isEmpty { return (.missingDomain, nil) }
        if address.utf8.count > 254 || local.utf8.count > 64 { return (.tooLong, nil) }
        let localAllowed = "!#$%&'*+/=?^_`{|}~.-"
        if let bad = local.first(where: { !($0.isLetter || $0.isNumber || localAllowed.contains($0)) }) {
            return (.invalidCharacter, bad)
        }
        if local.hasPrefix(".") || local.hasSuffix(".") || local.contains("..") { return (.misplacedDot, nil) }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: \.isEmpty) { return (.misplacedDot, nil) }
        if labels.count < 2 { return (.domainWithoutDot, nil) }
        for label in labels {
            if let bad = label.first(where: { !($0.isLetter || $0.isNumber || $0 == "-") }) {
                return (.invalidCharacter, bad)
            }
            if label.hasPrefix("-") || label.hasSuffix("-") || label.utf8.count > 63 { return (.invalidCharacter, "-") }
        }
        return nil
    }
}
