import VozJSON

/// A member a program fills, never a person: a CSRF token, a PKCE challenge, a captcha answer, a field of a later
/// step of a multi-step flow, a free-form map of custom fields. Asked of a listener, each is a question nobody can
/// answer, so an optional one is left out of a generated form with a note saying why (`voz form --ask-plumbing`
/// asks them anyway).
enum ProtocolPlumbing: String, Sendable, CaseIterable {
    case csrf
    case pkce
    case captcha
    case laterStep
    case customFields

    /// The catalog key of the note that says why the member is not asked.
    var noteKey: String { "openapi.note.plumbing.\(rawValue)" }

    // MARK: - Recognising

    /// What kind of plumbing the member `name` with `schema` is, or nil when a person answers it.
    static func kind(name: String, schema: JSONNode) -> ProtocolPlumbing? {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        if key.contains("csrf") || key.contains("xsrf") || key == "authenticitytoken" { return .csrf }
        if ["codechallenge", "codechallengemethod", "codeverifier"].contains(key) { return .pkce }
        if key.contains("captcha") || key.contains("turnstile") { return .captcha }
        if customFieldNames.contains(where: key.contains) { return .customFields }
        let description = (schema["description"]?.string ?? "").lowercased()
        if laterStepPhrases.contains(where: description.contains) { return .laterStep }
        return nil
    }

    /// Names of maps a program fills with whatever custom data it keeps (Discourse's `user_fields`, Ory's
    /// `transient_payload`), lower case, letters and digits only.
    static let customFieldNames = ["customfield", "userfield", "extrafield", "transientpayload", "metadata"]

    /// What a description says of a member sent only in a later request of the same flow (descriptions are in
    /// English far more often than not; a member described otherwise is asked).
    static let laterStepPhrases = [
        "second step", "step 2", "later step", "next step", "subsequent step", "subsequent request",
        "second request", "follow-up request", "when resending", "in the next request",
    ]
}
