import VozForm

/// The HTML autofill tokens WCAG 1.3.5 refers to, and the guess of which fields collect personal data.
package enum InputPurpose {
    // MARK: - Validity

    /// Whether `purpose` is a valid autofill detail: optional `section-*`, optional `shipping`/`billing`, optional
    /// `home`/`work`/`mobile`/`fax`/`pager` before a contact token, one field name, optional `webauthn`.
    static func isValid(_ purpose: String) -> Bool {
        var tokens = purpose.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        if tokens.last == "webauthn" { tokens.removeLast() }
        guard let name = tokens.popLast() else { return false }
        if tokens.first?.hasPrefix("section-") == true, tokens[0].count > "section-".count { tokens.removeFirst() }
        if let first = tokens.first, ["shipping", "billing"].contains(first) { tokens.removeFirst() }
        if let first = tokens.first, ["home", "work", "mobile", "fax", "pager"].contains(first) {
            guard contactFieldNames.contains(name) else { return false }
            tokens.removeFirst()
        }
        // Voz's own tokens (`iban`) name what HTML has no token for; they are valid in a Voz form.
        return tokens.isEmpty
            && (fieldNames.contains(name) || contactFieldNames.contains(name)
                || FieldSensitivity.vozPurposes.contains(name))
    }

    static let fieldNames: Set<String> = [
        "name", "honorific-prefix", "given-name", "additional-name", "family-name", "honorific-suffix", "nickname",
        "username", "new-password", "current-password", "one-time-code", "organization-title", "organization",
        "street-address", "address-line1", "address-line2", "address-line3", "address-level4", "address-level3",
        "address-level2", "address-level1", "country", "country-name", "postal-code", "cc-name", "cc-given-name",
        "cc-additional-name", "cc-family-name", "cc-number", "cc-exp", "cc-exp-month", "cc-exp-year", "cc-csc",
        "cc-type", "transaction-currency", "transaction-amount", "language", "bday", "bday-day", "bday-month",
        "bday-year", "sex", "url", "photo",
    ]

    static let contactFieldNames: Set<String> = [
        "tel", "tel-country-code", "tel-national", "tel-area-code", "tel-local", "tel-local-prefix",
        "tel-local-suffix", "tel-extension", "email", "impp",
    ]

    // MARK: - Personal data

    /// The token a field most likely needs, guessed from its kind, id and label by the inference the form
    /// builder uses too; nil when it does not look like personal data.
    /// The guess without the form around the field (nothing known of what it is for).
    static func expectedToken(for field: Field) -> String? {
        expectedToken(for: field, in: PurposeInference.Setting(context: []))
    }

    /// The form's id, title and address path say what it is for, as the operation's do for the builder.
    package static func setting(of form: Form) -> PurposeInference.Setting {
        PurposeInference.Setting(
            context: [form.id, form.title, addressPath(form.submit.urlTemplate ?? form.submit.url.absoluteString)])
    }

    /// The guess for a field of a form whose `setting` was read once.
    package static func expectedToken(for field: Field, in setting: PurposeInference.Setting) -> String? {
        // A choice that is never sent picks which questions follow ("Login by username, email or phone"): it
        // holds no answer to fill in, though its words name one. The builder infers none for its branch choices.
        if field.kind == .choice, field.location == .none { return nil }
        // A member's id is a path (`card.startMonth`, `user.selected_locale`): the catalogs' loose words are read
        // in its own name and label only, or it would take its object's word ("card", "user") for its own, as
        // the form builder avoids too. What the whole path says exactly (`card.number`) still counts.
        guard let dot = field.id.lastIndex(of: "."), field.id.index(after: dot) < field.id.endIndex else {
            return PurposeInference.token(kind: field.kind, names: [field.id, field.label], setting: setting)
        }
        if let exact = PurposeInference.token(
            kind: field.kind, names: [field.id, field.label], setting: setting, clues: false)
        {
            return exact
        }
        let own = String(field.id[field.id.index(after: dot)...])
        return PurposeInference.token(kind: field.kind, names: [own, field.label], setting: setting)
    }

    /// The path of an address (`/v1/users/{id}`), without its host, whose words say nothing of the form.
    static func addressPath(_ address: String) -> String {
        guard let scheme = address.range(of: "://") else { return address }
        let rest = address[scheme.upperBound...]
        return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? ""
    }

    /// Tokens and the words that suggest them in every language (the catalogs' `audit.words.purpose.*`), most
    /// specific first (a "postal code" is not a "code").
    static let clues: [(String, [String])] = [
        "email", "tel", "postal-code", "bday", "street-address", "address-level2", "country-name", "family-name",
        "given-name", "username", "cc-number", "organization", "additional-name", "nickname", "honorific-prefix",
        "sex", "name",
    ].map { token in (token, AuditWords.words("audit.words.purpose.\(token)")) }

    /// Words that make a secret field a one-time code rather than a password.
    static let oneTimeCodeClues = AuditWords.words("audit.words.purpose.one-time-code")
}
