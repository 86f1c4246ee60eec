import VozForm

/// The one guess of a field's autofill purpose (WCAG 1.3.5), shared by the form builder, which writes `purpose`,
/// and the audit's `purpose-missing`, which expects it: so a generated form never lacks a purpose its own audit
/// asks for, and the two never name different tokens for one field.
package enum PurposeInference {
    /// Autofill tokens and the property names that mean them (lower case, letters and digits only), in the order
    /// they are tried: the plain "name" last.
    static let purposeNames: [(String, Set<String>)] = [
        ("given-name", ["firstname", "givenname", "forename"]),
        ("family-name", ["lastname", "familyname", "surname"]),
        ("username", ["username", "login", "userid"]),
        ("tel", ["phone", "telephone", "mobile", "tel"]),
        ("cc-number", ["cardnumber", "ccnumber", "creditcardnumber"]),
        ("cc-csc", ["cvc", "cvv", "csc", "securitycode"]),
        ("postal-code", ["postalcode", "postcode", "zipcode", "zip"]),
        ("country", ["country", "countrycode"]),
        ("bday", ["birthdate", "dateofbirth", "birthday"]),
        ("url", ["website", "homepage", "blog"]),
        // The HTML autofill names (WHATWG, "Autofill") a property is often called, before the plain "name".
        ("additional-name", ["middlename", "middlenames", "additionalname"]),
        ("honorific-prefix", ["honorificprefix", "nameprefix", "salutation"]),
        ("nickname", ["nickname", "nick", "displayname"]),
        ("organization", ["organization", "organisation", "company", "companyname"]),
        ("address-line1", ["addressline1", "address1", "line1"]),
        ("address-line2", ["addressline2", "address2", "line2"]),
        ("address-line3", ["addressline3", "address3", "line3"]),
        ("street-address", ["streetaddress", "street"]),
        ("address-level2", ["city", "town", "locality"]),
        (
            "address-level1",
            [
                "province", "provincia", "stateorprovince", "stateprovince", "administrativearea",
                "administrativedistrictlevel1", "addressstate", "addressesstate",
            ]
        ),
        ("sex", ["sex", "gender"]),
        ("one-time-code", ["onetimecode", "otp", "verificationcode"]),
        ("name", ["name", "fullname"]),
    ]

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
            if [
                "signup", "register", "registr", "reset", "createaccount", "createuser", "changepassword", "inscri",
                "anmeld",
            ]
            .contains(where: joined.contains) || words.contains("join") {
                return .newPassword
            }
            // Asking for a token or an authorization with a password is logging in (a sign-up under `/auth/` is
            // not: it is told above).
            if !words.isDisjoint(with: ["auth", "authorize", "token"]) { return .logIn }
            // A password set on a person's own record (a user, an account, a member) is a new one; one kept for
            // another system (a connection's, a database's) is no password of the person's to fill.
            return PurposeInference.isAboutPerson(words, joined: joined) ? .newPassword : .other
        }
    }

    // MARK: - The guess

    /// The token a field of `kind` named by `names` (its id, label, property name, title) most likely needs;
    /// nil when it does not look like personal data. `format` is the schema's, when the field comes from one.
    ///
    /// `context` holds the words of what the form is for (the operationId, summary and path; a form's id, title
    /// and address): it decides the flow, and whether a bare "name" is a person's.
    ///
    /// `clues: false` leaves out the catalogs' loose words: a member guessed from its path (`address.sublocality`,
    /// `card.customer_id`) would otherwise take its object's word ("address", "card") for its own.
    package static func token(
        kind: FieldKind, names: [String], format: String? = nil, context: [String], clues: Bool = true
    ) -> String? {
        token(kind: kind, names: names, format: format, setting: Setting(context: context), clues: clues)
    }

    /// What a form or an operation is for, read once for all its fields: a form of a thousand fields would
    /// otherwise split its id, title and address into words a thousand times.
    package struct Setting: Sendable, Equatable {
        var flow: Flow
        /// Whether a bare name or a password is the person's own.
        var person: Bool

        init(context: [String]) {
            flow = Flow.of(context)
            // Nothing known of the form: a name or a password is taken to be the person's own, as before.
            person =
                context.allSatisfy(\.isEmpty)
                || PurposeInference.isAboutPerson(
                    Set(context.flatMap(PurposeInference.words)), joined: context.map { $0.lowercased() }.joined())
        }
    }

    static func token(
        kind: FieldKind, names: [String], format: String? = nil, setting: Setting, clues: Bool = true
    ) -> String? {
        token(kind: kind, names: names, format: format, flow: setting.flow, person: setting.person, clues: clues)
    }

    static func token(
        kind: FieldKind, names: [String], format: String? = nil, flow: Flow = .other, person: Bool = true,
        clues: Bool = true
    ) -> String? {
        // A yes-or-no ("Save card"), a list or a group never holds one piece of personal data.
        if [.confirm, .multichoice, .list, .group].contains(kind) { return nil }
        // A number holds no name nor address ("User status" is no user name); only a card's expiry may be one.
        if kind == .number || kind == .integer {
            let token = cardToken(words: Set(names.flatMap(Self.words)), keys: [])
            return token?.hasPrefix("cc-exp") == true ? token : nil
        }
        if kind == .email || format == "email" { return "email" }
        let words = Set(names.flatMap(Self.words))
        let keys = Set(names.map { $0.lowercased().filter { $0.isLetter || $0.isNumber } })
        if kind == .secret { return secretToken(words: words, keys: keys, flow: flow, person: person) }
        if let card = cardToken(words: words, keys: keys) { return card }
        if format == "uri" { return "url" }
        if let named = purposeNames.first(where: { !$0.1.isDisjoint(with: keys) })?.0 {
            return named == "name" && !isPersonName(words, keys: keys, person: person) ? nil : named
        }
        guard clues else { return nil }
        // The catalogs' words, in every language, most specific first (a "postal code" is not a "code").
        let token = InputPurpose.clues.first { _, clues in clues.contains(where: words.contains) }?.0
        if token == "name", !isPersonName(words, keys: keys, person: person) { return nil }
        return token == "country-name" ? "country" : token
    }

    /// The words of names written as identifiers (`newPassword`, `exp_month`) or as labels.
    package static func words(_ name: String) -> [String] {
        AuditText.identifierWords(name) + AuditText.words(name)
    }

    /// A password's token: a one-time code, a card's security code, else the flow's (or the name's) password.
    private static func secretToken(words: Set<String>, keys: Set<String>, flow: Flow, person: Bool) -> String? {
        // "Código de seguridad (CVV)" is a card's code, not a one-time one.
        if isCardCode(words: words, keys: keys) { return "cc-csc" }
        if InputPurpose.oneTimeCodeClues.contains(where: words.contains) { return "one-time-code" }
        // A client secret, an access token: secrets, but no password of the person's. Any other secret the person
        // types ("Clave", "PIN de acceso" aside) is taken for a password, which autofill must know to fill or keep.
        guard isPassword(words: words, keys: keys) || words.isDisjoint(with: credentialWords) else { return nil }
        if words.contains("current") || words.contains("old") { return "current-password" }
        if words.contains("new") { return "new-password" }
        switch flow {
        case .logIn: return "current-password"
        case .newPassword: return "new-password"
        case .other: return person ? "new-password" : nil
        }
    }

    /// Whether a member named so holds a password, in any of Voz's languages.
    package static func isPassword(words: Set<String>, keys: Set<String>) -> Bool {
        !words.isDisjoint(with: passwordWords)
            || keys.contains { key in
                ["password", "passwort", "motdepasse", "contrase", "senha"].contains(where: key.contains)
            }
    }

    /// Words of a secret a program holds rather than a person: a token, a key, a client's or a webhook's secret.
    static let credentialWords: Set<String> = [
        "token", "key", "apikey", "api", "secret", "client", "webhook", "signing", "bearer", "access", "refresh",
        "session", "jwt", "hash", "salt", "private", "ssh", "certificate", "cert", "license", "licence", "smtp",
        "database", "db", "connection", "dsn", "oauth", "hmac", "nonce", "csrf", "captcha", "encryption", "assertion",
    ]

    static let passwordWords: Set<String> = [
        "password", "passwd", "passphrase", "passwort", "kennwort", "contraseña", "contrasena", "senha",
    ]

    // MARK: - Cards

    /// The token of a card's member: its number, holder's name, expiry month or year, security code.
    private static func cardToken(words: Set<String>, keys: Set<String>) -> String? {
        if isCardCode(words: words, keys: keys) { return "cc-csc" }
        let expiry = !words.isDisjoint(with: [
            "exp", "expiry", "expiration", "expires", "caducidad", "vencimiento", "expiration", "ablauf", "scadenza",
            "validade",
        ])
        if expiry || keys.contains(where: { $0.hasPrefix("exp") && ($0.hasSuffix("month") || $0.hasSuffix("year")) }) {
            if words.contains("month") || keys.contains(where: { $0.hasSuffix("month") }) { return "cc-exp-month" }
            if words.contains("year") || keys.contains(where: { $0.hasSuffix("year") }) { return "cc-exp-year" }
            if !words.isDisjoint(with: cardWords) { return "cc-exp" }
        }
        guard !words.isDisjoint(with: cardWords) else { return nil }
        if !words.isDisjoint(with: ["name", "holder", "cardholder", "titular", "titulaire", "inhaber", "intestatario"])
        {
            return "cc-name"
        }
        if words.contains("number") || words.contains("pan") || words == ["card"] { return "cc-number" }
        return nil
    }

    private static func isCardCode(words: Set<String>, keys: Set<String>) -> Bool {
        !words.isDisjoint(with: ["cvc", "cvv", "csc", "cvv2", "cvc2"])
            || keys.contains { $0.hasSuffix("securitycode") || $0 == "cardcode" }
    }

    private static let cardWords: Set<String> = [
        "card", "cc", "credit", "cardholder", "debit", "tarjeta", "carte", "karte", "carta", "cartão", "cartao",
    ]

    // MARK: - Names of things

    /// Whether a "name" is a person's: a full name, a name qualified by a person (`passenger_name`,
    /// `user.name`), or a bare one where the form is about a person (`person`: a user, a subscriber, a sign-up).
    /// A pet's, a role's, a bank's or a pool's name has no autofill token.
    private static func isPersonName(_ words: Set<String>, keys: Set<String>, person: Bool) -> Bool {
        if keys.contains("fullname") || !words.isDisjoint(with: fullWords) { return true }
        if !words.isDisjoint(with: thingWords) { return false }
        let qualifiers = words.subtracting(nameWords)
        if qualifiers.isEmpty { return person }
        return isAboutPerson(qualifiers, joined: qualifiers.joined(separator: " "))
    }

    /// Whether words say the thing is a person or a person's record (in any of Voz's languages).
    static func isAboutPerson(_ words: Set<String>, joined: String) -> Bool {
        personStems.contains(where: joined.contains) || !words.isDisjoint(with: ["me", "join"])
    }

    /// "Full" in Voz's languages ("Nombre completo", "Nom complet").
    private static let fullWords: Set<String> = [
        "full", "fullname", "completo", "completa", "complet", "complète", "vollständiger", "vollständig",
    ]

    /// The words of a name itself, in Voz's languages (the catalogs' purpose words say more).
    private static let nameWords: Set<String> = ["name", "names", "nombre", "nom", "nome", "full"]

    private static let personStems: [String] = [
        "user", "usuario", "utilisateur", "benutzer", "utente", "account", "cuenta", "compte", "konto", "conta",
        "member", "miembro", "membre", "mitglied", "membro", "profile", "perfil", "profil", "customer", "cliente",
        "client", "kunde", "patient", "paciente", "signup", "register", "registr", "inscri", "anmeld", "contact",
        "subscri", "suscri", "abonn", "person", "people", "passenger", "pasajero", "conductor", "guest",
        "employee", "author", "owner", "holder", "recipient", "attendee", "speaker", "buyer", "traveller", "traveler",
    ]

    private static let thingWords: Set<String> = [
        "product", "file", "filename", "pet", "project", "repository", "repo", "event", "item", "article",
        "category", "tag", "group", "team", "app", "application", "model", "host", "hostname", "domain", "branch",
        "key", "field", "server", "database", "bucket", "device", "plan", "package", "service", "site", "room",
        "list", "channel", "board", "topic", "space", "folder", "collection", "template", "role", "queue",
    ]
}
