import Foundation

extension Field {
    /// The autocomplete tokens a field's `purpose` may take (HTML's autofill field names, as WCAG 1.3.5 uses
    /// them), so that a misspelt purpose is caught when the form is loaded rather than silently ignored.
    public static let knownPurposes: Set<String> = [
        "name", "honorific-prefix", "given-name", "additional-name", "family-name", "honorific-suffix", "nickname",
        "organization-title", "username", "new-password", "current-password", "one-time-code", "organization",
        "street-address", "address-line1", "address-line2", "address-line3", "address-level4", "address-level3",
        "address-level2", "address-level1", "country", "country-name", "postal-code", "cc-name", "cc-given-name",
        "cc-additional-name", "cc-family-name", "cc-number", "cc-exp", "cc-exp-month", "cc-exp-year", "cc-csc",
        "cc-type", "transaction-currency", "transaction-amount", "language", "bday", "bday-day", "bday-month",
        "bday-year", "sex", "url", "photo", "tel", "tel-country-code", "tel-national", "tel-area-code",
        "tel-local", "tel-extension", "email", "impp",
    ]
}
