import Foundation
import VozSupport

/// Decides whether a server's message is human text a user may hear, and cleans it for speech.
///
/// A server's own sentence ("Ese correo ya está registrado.") is worth more than any catalog phrase, so it is
/// kept — but only once it is safe to print and speak: no control characters, terminal escape sequences or
/// bidirectional overrides, one line, a bounded length. Text that looks technical (JSON, exception names, error
/// domains, stack frames, URLs, UUIDs, status codes, parser positions) is never said; it goes to the technical
/// log and a catalog phrase stands in.
enum ServerText {
    /// The longest server sentence Voz repeats; longer ones are cut at a word.
    static let maximumLength = 300

    // MARK: - Cleaning

    /// The text with escape sequences, control and bidi-override characters removed and whitespace collapsed.
    static func sanitize(_ text: String) -> String {
        let words = TextSanitizer.clean(text).split(whereSeparator: { $0.isWhitespace })
        var result = words.joined(separator: " ")
        if result.count > maximumLength {
            let cut = result.prefix(maximumLength)
            let end = cut.lastIndex(of: " ") ?? cut.endIndex
            result = String(cut[..<end]).trimmingCharacters(in: .punctuationCharacters) + "…"
        }
        return result
    }

    // MARK: - Judging

    /// The sanitised text when it is human text worth saying, or nil when it is empty or technical.
    /// Markup is first turned into its words (`ServerMarkup`), so only a message with nothing human left falls
    /// back to a catalog phrase.
    static func human(_ text: String?) -> String? {
        guard let text else { return nil }
        let clean = sanitize(ServerMarkup.words(text))
        guard clean.contains(where: { $0.isLetter }), !isTechnical(clean), !isReasonPhrase(clean) else { return nil }
        return clean
    }

    /// Whether the text looks like something for a developer rather than for the person filling the form.
    static func isTechnical(_ text: String) -> Bool {
        let anyCase = [
            "Error Domain=", "NSURLErrorDomain", "URLError", "Traceback", "stack trace", "LineNumber:",
            "BytePositionInLine", "Path: $", "SQLSTATE", "<html", "<body", "<!doctype", "http://", "https://", "www.",
            "null pointer",
        ]
        if anyCase.contains(where: { text.range(of: $0, options: .caseInsensitive) != nil }) { return true }
        let exactCase = [
            "{", "}", "Exception", "System.", "java.", "javax.", "org.springframework", "</", "undefined", "JSON",
        ]
        if exactCase.contains(where: { text.contains($0) }) { return true }
        return technicalPatterns.contains { text.range(of: $0, options: .regularExpression) != nil }
    }

    private static let technicalPatterns: [String] = [
        "\\bNaN\\b", "\\b0x[0-9A-Fa-f]+",
        // UUIDs and long hexadecimal or base-64-ish tokens (request ids, idempotency keys, trace ids).
        "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}",
        "\\b[0-9a-f]{16,}\\b",
        "\\b(req|ch|cus|pi|evt|sk|pk)_[A-Za-z0-9]{6,}\\b",
        // Stack frames: `at com.x.Y.method(File.java:12)`, `File "x.py", line 3`, `main.swift:42`.
        "\\bat [A-Za-z_$][\\w$.]*\\(",
        "File \"[^\"]+\", line [0-9]+",
        "\\.(swift|java|kt|py|rb|js|ts|cs|go|php):[0-9]+",
        // Exception and error class names: `TypeError`, `NullReferenceException`, `IntegrityError:`.
        "\\b[A-Z][a-z]+[A-Z][A-Za-z]*(Error|Exception|Fault)\\b",
        "\\b[A-Z][A-Za-z0-9_]*[a-z0-9_](Error|Exception|Fault)\\b",
        // A database's own wording: PostgreSQL's, MySQL's, SQLite's and Oracle's constraint and query errors.
        "(?i)\\b(duplicate key|unique constraint|foreign key constraint|not-null constraint|check constraint)\\b",
        "(?i)\\bconstraint (failed|violation)\\b", "(?i)\\bduplicate entry '.*' for key\\b",
        "(?i)\\b(relation|column|table) \"[^\"]+\" does not exist\\b", "(?i)\\bsyntax error at or near\\b",
        "\\bORA-[0-9]{5}\\b", "(?i)\\bdeadlock detected\\b",
        // Stack frames of JavaScript and Python: `at Object.<anonymous> (/app/x.js:1:2)`, `line 3, in handler`.
        "\\(/[^)]*:[0-9]+(:[0-9]+)?\\)", "\\bline [0-9]+, in [A-Za-z_<]",
        "\\b(TypeError|ValueError|KeyError|RangeError|SyntaxError|ReferenceError)\\b",
        // Status codes said bare: `422`, `HTTP 500`, `error 404`, `status code: 503`, `503 Service Unavailable`.
        "^[1-5][0-9][0-9]$",
        "\\bHTTP(/[0-9.]+)? *[1-5][0-9][0-9]\\b",
        "(?i)\\b(status|code|error|err)( code)? *[:=#]? *[1-5][0-9][0-9]\\b",
        "^[1-5][0-9][0-9] [A-Z]",
        // Markup, even unclosed: an SSML `<prosody rate="x-slow">` or an HTML tag is never for the listener.
        "<[A-Za-z!?/][^>]*>",
        // JSON paths and template variables: `$.email`, `$input`, `${x}`.
        "\\$[.A-Za-z_\\[]",
        // Type names of parsers: `System.Int32`, `java.lang.String`, `Edm.String`.
        "\\b[A-Z][A-Za-z]+\\.[A-Z][A-Za-z]+[0-9]*\\b",
    ]

    /// Whether the text is only an HTTP reason phrase ("Bad Request", "Unprocessable Entity"): it says nothing
    /// the classification does not, and in English.
    static func isReasonPhrase(_ text: String) -> Bool {
        let folded = text.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        return reasonPhrases.contains(folded)
    }

    private static let reasonPhrases: Set<String> = [
        "bad request", "unauthorized", "forbidden", "not found", "method not allowed", "not acceptable",
        "request timeout", "conflict", "gone", "length required", "precondition failed", "payload too large",
        "content too large", "request entity too large", "unsupported media type", "unprocessable entity",
        "unprocessable content", "too early", "too many requests", "internal server error", "not implemented",
        "bad gateway", "service unavailable", "gateway timeout", "server error", "error", "unknown error",
        "validation error",
        "validation failed", "invalid request", "invalid_request", "invalid argument", "invalid_argument", "failed",
        "failure", "an error occurred", "something went wrong",
    ]
}
