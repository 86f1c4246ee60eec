/// The one guess of a field's autofill purpose (WCAG 1.3.5), shared by the form builder, which writes `purpose`,
/// and the audit's `purpose-missing`, which expects it: so a generated form never lacks a purpose its own audit
/// asks for, and the two never name different tokens for one field.
enum PurposeInference {
    /// What an operation does to an account, which decides whether a password is a new one or the current one.
    enum Flow: Sendable, Equatable {
        /// Sign-up, registration, a password reset or change: the password typed is a new one.
        case newPassword
        /// Log-in: the password typed is the current one.
        case logIn
        case other

        /// The flow of an operation from its operationId, summary and path (`registerUser`, "Log in", `/login`).
        static func of(_ texts: [String]) -> Flow {
            let words = Set(texts.flatMap(PurposeInference.words))
            let joined = texts.map { $0.lowercased().filter(\.isLetter) }.joined(separator: " ")
            if ["login", "signin", "logon", "authenticate"].contains(where: joined.contains)
                || (words.contains("session") && !words.contains("delete"))
            {
                return .logIn
            }
            if ["signup", "register", "registration", "reset", "createaccount", "createuser", "changepassword"]
                .contains(where: joined.contains) || words.contains("join")
            {
                return .newPassword
            }
            return .other
        }
    }

    // MARK: - The guess

    /// The token a field of `kind` named by `names` (its id, label, property name, title) most likely needs;
    /// nil when it does not look like personal data. `format` is the schema's, when the field comes from one.
    static func token(kind: FieldKind, names: [String], format: String? = nil, flow: Flow = .other) -> String? {
        // A yes-or-no ("Save card"), a list or a group never holds one piece of personal data.
        if [.confirm, .multichoice, .list, .group].contains(kind) { return nil }
        if kind == .email || format == "email" { return "email" }
        let words = Set(names.flatMap(Self.words))
        let keys = Set(names.map { $0.lowercased().filter { $0.isLetter || $0.isNumber } })
        if kind == .secret { return secretToken(words: words, keys: keys, flow: flow) }
        if let card = cardToken(words: words, keys: keys) { return card }
        if format == "uri" { return "url" }
        if let named = SchemaWording.purposeNames.first(where: { !$0.1.isDisjoint(with: keys) })?.0 {
            return named == "name" && isThingName(words) ? nil : named
        }
        // The catalogs' words, in every language, most specific first (a "postal code" is not a "code").
        let token = InputPurpose.clues.first { _, clues in clues.contains(where: words.contains) }?.0
        if token == "name", isThingName(words) { return nil }
        return token == "country-name" ? "country" : token
    }

    /// The words of names written as identifiers (`newPassword`, `exp_month`) or as labels.
    static func words(_ name: String) -> [String] {
        AuditText.identifierWords(name) + AuditText.words(name)
    }

    /// A password's token: a one-time code, a card's security code, else the flow's (or the name's) password.
    private static func secretToken(words: Set<String>, keys: Set<String>, flow: Flow) -> String {
        if InputPurpose.oneTimeCodeClues.contains(where: words.contains) { return "one-time-code" }
        if isCardCode(words: words, keys: keys) { return "cc-csc" }
        if words.contains("current") || words.contains("old") { return "current-password" }
        if words.contains("new") { return "new-password" }
        return flow == .logIn ? "current-password" : "new-password"
    }

    // MARK: - Cards

    /// The token of a card's member: its number, holder's name, expiry month or year, security code.
    private static func cardToken(words: Set<String>, keys: Set<String>) -> String? {
        if isCardCode(words: words, keys: keys) { return "cc-csc" }
        let expiry = !words.isDisjoint(with: ["exp", "expiry", "expiration", "expires"])
        if expiry || keys.contains(where: { $0.hasPrefix("exp") && ($0.hasSuffix("month") || $0.hasSuffix("year")) }) {
            if words.contains("month") || keys.contains(where: { $0.hasSuffix("month") }) { return "cc-exp-month" }
            if words.contains("year") || keys.contains(where: { $0.hasSuffix("year") }) { return "cc-exp-year" }
            if !words.isDisjoint(with: cardWords) { return "cc-exp" }
        }
        guard !words.isDisjoint(with: cardWords) else { return nil }
        if words.contains("name") || words.contains("holder") || words.contains("cardholder") { return "cc-name" }
        if words.contains("number") || words.contains("pan") || words == ["card"] { return "cc-number" }
        return nil
    }

    private static func isCardCode(words: Set<String>, keys: Set<String>) -> Bool {
        !words.isDisjoint(with: ["cvc", "cvv", "csc", "cvv2", "cvc2"])
            || keys.contains { $0.hasSuffix("securitycode") || $0 == "cardcode" }
    }

    private static let cardWords: Set<String> = ["card", "cc", "credit", "cardholder", "debit"]

    // MARK: - Names of things

    /// Whether a "name" is a thing's (a product's, a file's), not a person's: such a name has no autofill token.
    private static func isThingName(_ words: Set<String>) -> Bool {
        !words.isDisjoint(with: thingWords)
    }

    private static let thingWords: Set<String> = [
        "product", "file", "filename", "pet", "project", "repository", "repo", "event", "item", "article",
        "category", "tag", "group", "team", "app", "application", "model", "host", "hostname", "domain", "branch",
        "key", "field", "server", "database", "bucket", "device", "plan", "package", "service", "site", "room",
        "list", "channel", "board", "topic", "space", "folder", "collection", "template", "role", "queue",
    ]
}
