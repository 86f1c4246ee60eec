import Foundation
import VozForm
import VozJSON

/// Takes secrets out of everything Voz says, prints, records or logs: the values of sensitive fields — secrets,
/// card data, one-time codes, passwords — and of headers taken from the environment (API keys, tokens), wherever a
/// server echoes them and in whatever encoding (`encodings(of:)`), credentials in headers, and anything past the
/// size limit. The one redactor: the technical log, the reply reader and what a session says all use it.
public struct LogRedactor: Sendable {
    /// What stands in for a removed value.
    public static let mask = "[redacted]"
    /// The most body bytes a log entry keeps.
    public static let bodyLimit = 4096
    /// Headers that carry credentials; their values are never logged.
    public static let credentialHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
        "x-csrf-token",
    ]

    /// The sensitive fields (`Field.isSensitive`): their members are masked by name, their values wherever found.
    private let secretFieldIDs: Set<String>
    /// Headers whose values the form takes from the environment, lower-cased: credentials too.
    private let environmentHeaders: Set<String>
    private let secretValues: [String]
    /// Each secret value with its encodings, longest value first.
    let secretForms: [SecretForms]
    /// Each secret value read as any text is compared (`normalized`), when long enough to be looked for that way.
    let normalizedSecrets: [NormalizedSecret]
    /// The card numbers and IBANs the form itself shows (a placeholder's test card), as `SensitiveShape` compacts
    /// them: Voz's own sentences may say them.
    let publicShapes: Set<String>
    /// The words a server message may hold that only begin like a secret (`isOwnWord`), lower-cased.
    let ownWords: Set<String>
    private let matcher: ServerFieldMatcher

    /// A redactor for one form and, when known, the values that were submitted and every value a secret field
    /// held earlier in the session (secret ones are looked for in everything logged: a server may quote an old
    /// password long after the user changed it). The form's headers taken from the environment are secrets too.
    public init(form: Form, submitted: FormValues = FormValues(), formerSecrets: some Sequence<String> = []) {
        let secretFields = form.fields.filter(\.isSensitive)
        secretFieldIDs = Set(secretFields.map(\.id))
        let values = Self.secrets(of: form, in: submitted, formerly: formerSecrets)
        secretValues = values
        secretForms = values.map { SecretForms($0, forms: Self.encodings(of: $0)) }
        // Reversed too: a server that echoes the secret backwards ("!6202 zeréP oñA") says it all the same.
        normalizedSecrets = (values + values.map { String($0.reversed()) }).flatMap(NormalizedSecret.readings).filter {
            $0.units.count >= Self.wholeWordBelow
        }
        publicShapes = Self.shownShapes(of: form)
        ownWords = Self.ownWords(of: form)
        matcher = ServerFieldMatcher(form: form)
        environmentHeaders = Set(
            form.submit.headers.filter { $0.environmentVariable != nil }.map { $0.name.lowercased() })
    }

    // MARK: - Headers

    /// The headers as a name → value map, credentials masked; repeated names are joined with `, `.
    public func headers(_ headers: [HTTPHeader]) -> [String: String] {
        var result: [String: String] = [:]
        for header in headers {
            let name = header.name.lowercased()
            let credential = Self.credentialHeaders.contains(name) || environmentHeaders.contains(name)
            let value = credential ? Self.mask : text(header.value)
            result[header.name] = result[header.name].map { "\($0), \(value)" } ?? value
        }
        return result
    }

    // MARK: - Bodies

    /// The body as text for the log: secrets masked (by value, and by field name in JSON and form bodies),
    /// then cut to `bodyLimit` bytes at a character boundary.
    public func body(_ data: Data) -> String {
        guard !data.isEmpty else { return "" }
        let redacted: String
        if let json = (try? JSONParser.replies.parse(data)) {
            redacted = JSONWriter().text(redact(json, path: [], SecretPaths()))
        } else if let raw = String(data: data, encoding: .utf8) {
            // Pair by pair first (a secret field's value, encoded or not), then the whole text: a secret holding
            // `&` or `=` quoted as it was typed spans pairs, and no pair alone holds it (the echoes fuzzer).
            redacted = copiesAndShapes(looksFormEncoded(raw) ? redactFormEncoded(raw) : raw)
        } else {
            return "(\(data.count) bytes of binary data)"
        }
        // Rewritten copies are looked for once, in what is kept: a reply of thousands of messages read one by one
        // took seconds, and what is cut off is not logged.
        return maskedNormalized(Self.truncate(redacted, limit: Self.bodyLimit))
    }

    /// The copies of the secrets in the encodings known, and the card numbers and IBANs, masked.
    private func copiesAndShapes(_ text: String) -> String {
        maskedShapes(maskedCopies(text, with: Self.mask, reach: .everyCopy), reach: .everyCopy)
    }

    /// Any text with the secret values masked, in every encoding and whatever their case, a cut-off copy too.
    public func text(_ text: String) -> String {
        masked(text, with: Self.mask, reach: .everyCopy)
    }

    /// Whether `text` holds a secret value, in any encoding, in any case, cut short or in part (`normalized`), or a
    /// card number or an IBAN: what is never said.
    public func reveals(_ text: String) -> Bool {
        // The rule for speech finds all the log's rule does, and more: one normalised reading is enough.
        maskedCopies(text, with: Self.mask, reach: .everyCopy) != text || !SensitiveShape.matches(in: text).isEmpty
            || !normalizedCopies(in: text, forSpeech: true).isEmpty
    }

    /// How much of a secret is looked for.
    public enum Reach: Sendable {
        /// Every copy: a short value as a whole word, a long one cut short (the log, and what a server says).
        case everyCopy
        /// Whole copies of values of `wholeWordBelow` characters or more, in every encoding and case: for Voz's
        /// own sentences, where a card's expiry month "12" is the twelfth field, not the month, and where a label
        /// that begins like the password ("Password" for "Password2024") is the label.
        case wholeCopies
    }

    /// Values shorter than this are masked only where they stand as a whole word: a card's expiry month "12"
    /// masked inside every "2012" and "120 ms" would hide the log, not the month. The same rule decides which
    /// server messages repeat a value (`ReplyReading`).
    static let wholeWordBelow = 4

    /// How many of a secret's first characters a cut-off copy must keep to be masked. A server that truncates what
    /// it echoes ("Invalid {…\"password\":\"Sk5bqgzuvvhavM") cuts the secret too, and the whole secret is then
    /// nowhere to be found (the rich-form fuzzer, seed 20, inputs 34607 and 49137). Masking a word that only begins
    /// like the secret costs the log a word; leaving a cut copy would give away most of the secret.
    static let cutSecretMinimum = 8

    /// Echo members of error objects (pydantic's `input`, express-validator's `value`, Spring's
    /// `rejectedValue`) hide the value the user typed.
    private static let echoKeys: Set<String> = ["input", "value", "rejectedValue", "rejected_value", "received"]
    private static let pathKeys = ["loc", "path", "param", "field", "pointer", "name", "property"]

    private func redact(_ json: JSONNode, path: [ServerPath.Segment], _ known: SecretPaths) -> JSONNode {
        switch json.value {
        case .string(let value):
            return .string(secretValues.contains(value) ? Self.mask : copiesAndShapes(value))
        case .number(let number)
        where secretValues.contains(number.literal) || !SensitiveShape.matches(in: number.literal).isEmpty:
            // A card's security code or expiry sent as a number is masked as the string would be.
            return JSONNode(.string(Self.mask), line: json.line, column: json.column)
        case .array(let items):
            return .array(items.enumerated().map { redact($1, path: path + [.index($0)], known) })
        case .object(let members):
            let aboutSecret = Self.pathKeys.contains { key in
                json[key].flatMap { ServerPath(json: $0) }.map { known.isSecret($0, judged: isSecret) } ?? false
            }
            return JSONNode(
                .object(
                    members.map { member in
                        var member = member
                        // A server may say the secret as a member's name ("s3cret_passw0rd": not allowed).
                        if copiesAndShapes(member.key) != member.key { member.key = Self.mask }
                        let memberPath = path + [.name(member.key)]
                        let scalar = member.value.members == nil && member.value.array == nil
                        if scalar,
                            isSecret(ServerPath(segments: memberPath))
                                || known.isSecret(ServerPath(segments: [.name(member.key)]), judged: isSecret)
                        {
                            member.value = .string(Self.mask)
                        } else if aboutSecret, Self.echoKeys.contains(member.key) {
                            member.value = .string(Self.mask)
                        } else {
                            member.value = redact(member.value, path: memberPath, known)
                        }
                        return member
                    }), line: json.line, column: json.column)
        default:
            return json
        }
    }

    private func isSecret(_ path: ServerPath) -> Bool {
        matcher.fieldID(for: path).map(secretFieldIDs.contains) ?? false
    }

    /// What `isSecret` said of each path without indexes in one body: a reply of thousands of errors names a
    /// handful of members and fields again and again, and each answer is the matcher's whole search.
    final class SecretPaths {
        private var answers: [String: Bool] = [:]

        func isSecret(_ path: ServerPath, judged: (ServerPath) -> Bool) -> Bool {
            var key = ""
            for segment in path.segments {
                guard case .name(let name) = segment else { return judged(path) }
                key += name + "\u{1F}"
            }
            if let known = answers[key] { return known }
            let answer = judged(path)
            answers[key] = answer
            return answer
        }
    }

    private func looksFormEncoded(_ raw: String) -> Bool {
        raw.contains("=") && !raw.contains(where: { $0.isWhitespace || $0 == "<" || $0 == "{" })
    }

    private func redactFormEncoded(_ raw: String) -> String {
        raw.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else {
                return maskedCopies(String(pair), with: Self.mask, reach: .everyCopy)
            }
            let name = String(pair[..<equals]).removingPercentEncoding ?? String(pair[..<equals])
            if isSecret(ServerPath(name)) { return "\(pair[..<equals])=\(Self.mask)" }
            let value = String(pair[pair.index(after: equals)...])
            let decoded = value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value
            // Copies only: the whole text's turn comes next, and a pair masked in part would hide a copy that
            // spans pairs from it.
            return secretValues.contains(decoded)
                ? "\(pair[..<equals])=\(Self.mask)" : maskedCopies(String(pair), with: Self.mask, reach: .everyCopy)
        }.joined(separator: "&")
    }

    // MARK: - Helpers

    /// The sensitive values of `values`, `former` and the form's environment headers together, once each, longest
    /// first: a new password that is a prefix of the old one must not mask only part of the old one.
    static func secrets(of form: Form, in values: FormValues, formerly former: some Sequence<String>) -> [String] {
        let current = form.fields.filter(\.isSensitive).compactMap { field -> String? in
            values[field.id]?.heldText
        }
        var seen: Set<String> = []
        let all = (current + former + headerSecrets(of: form)).filter { !$0.isEmpty && seen.insert($0).inserted }
        return all.sorted { $0.count > $1.count }
    }

    /// The card numbers and IBANs written in the form's own words: placeholders, hints, defaults, labels.
    static func shownShapes(of form: Form) -> Set<String> {
        let fields = form.fields + form.fields.flatMap(\.members)
        let texts = fields.flatMap { [$0.placeholder, $0.hint, $0.defaultValue, $0.label] }.compactMap { $0 }
        return Set(texts.flatMap { SensitiveShape.matches(in: $0).map(\.compact) })
    }

    /// The values of the headers the form takes from the environment (API keys, tokens), once resolved: each whole,
    /// and past its scheme (`Bearer sk_live_…`), since a server that quotes a key quotes the key alone.
    static func headerSecrets(of form: Form) -> [String] {
        form.submit.headers.filter { $0.environmentVariable != nil }.flatMap { header -> [String] in
            let value = header.value.trimmingCharacters(in: .whitespaces)
            guard let space = value.firstIndex(of: " ") else { return [value] }
            return [value, value[space...].trimmingCharacters(in: .whitespaces)]
        }
    }

    /// `text` cut to at most `limit` UTF-8 bytes at a character boundary, saying how much was left out.
    static func truncate(_ text: String, limit: Int) -> String {
        let total = text.utf8.count
        guard total > limit else { return text }
        var kept = 0
        var end = text.startIndex
        for index in text.indices {
            let size = text[index].utf8.count
            if kept + size > limit { break }
            kept += size
            end = text.index(after: index)
        }
        return String(text[..<end]) + "… [\(total - kept) more bytes]"
    }
}
