// The Spanish message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let spanish: [String: String] = [
        // MARK: - Form
        // MARK: - Validation
        // MARK: - Accessibility
        // MARK: - Submission
        // MARK: - Server
        // MARK: - Speech
        // MARK: - Session
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "es",
    ]
}
