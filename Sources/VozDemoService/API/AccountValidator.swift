import Foundation
import VozJSON

/// The account rules of the demo service, as pure functions over the request body.
enum AccountValidator {
    /// One broken rule: which body member and which sentence.
    struct Failure: Sendable, Equatable {
        var field: String
        var text: DemoText
    }

    /// A body that passed every rule, or every rule it broke.
    enum Outcome: Sendable, Equatable {
        case valid(AccountSubmission)
        case invalid([Failure])
    }

    /// Coupons that exist but have run out.
    static let expiredCoupons: Set<String> = ["CADUCADO", "EXPIRED"]
    /// Accounts under this domain are blocked: the general permanent error of design §8.
    static let blockedDomain = "@blocked.example"
    static let minimumPasswordLength = 8
    /// The longest address `isValidEmail` takes, in UTF-8 bytes (RFC 5321's path limit less its brackets).
    static let maximumEmailLength = 254
    /// The plans an account may have; none given means the free one.
    static let plans = ["free", "pro", "business"]

    // MARK: - Rules

    /// Checks every rule and reports every failure. Failures come in alphabetical order of field, as many
    /// frameworks sort them — deliberately not the form's order, which a client must restore itself.
    static func validate(_ body: JSONNode) -> Outcome {
        var failures: [Failure] = []
        let coupon = body["coupon"].flatMap(text)?.trimmingCharacters(in: .whitespaces)
        if let coupon, expiredCoupons.contains(coupon.uppercased()) {
            failures.append(Failure(field: "coupon", text: .couponExpired))
        }
        let email = body["email"].flatMap(text)?.trimmingCharacters(in: .whitespaces) ?? ""
        if email.isEmpty {
            failures.append(
                Failure(field: "email", text: isAbsentOrText(body["email"]) ? .emailRequired : .emailInvalid))
        } else if !isValidEmail(email) {
            failures.append(Failure(field: "email", text: .emailInvalid))
        }
        let name = body["name"].flatMap(text)?.trimmingCharacters(in: .whitespaces) ?? ""
        if name.isEmpty {
            failures.append(Failure(field: "name", text: .nameRequired))
        }
        let password = body["password"].flatMap(text) ?? ""
        if password.isEmpty {
            failures.append(Failure(field: "password", text: .passwordRequired))
        } else if password.count < minimumPasswordLength {
            failures.append(Failure(field: "password", text: .passwordShort))
        }
        let plan = body["plan"].flatMap(text)?.trimmingCharacters(in: .whitespaces)
        if let plan, !plan.isEmpty, !plans.contains(plan) {
            failures.append(Failure(field: "plan", text: .planInvalid))
        }
        if !isAccepted(body["terms"]) {
            failures.append(Failure(field: "terms", text: .termsRequired))
        }
        guard failures.isEmpty else { return .invalid(failures) }
        return .valid(
            AccountSubmission(
                name: name, email: email, password: password, coupon: coupon?.isEmpty == true ? nil : coupon,
                plan: plan?.isEmpty == true ? nil : plan))
    }

    /// Whether the body's e-mail belongs to a blocked account.
    static func isBlocked(_ body: JSONNode) -> Bool {
        guard let email = body["email"].flatMap(text)?.trimmingCharacters(in: .whitespaces) else { return false }
        return isBlockedAddress(email)
    }

    /// Whether `email` is under the blocked domain, in capitals or written with look-alike letters too.
    static func isBlockedAddress(_ email: String) -> Bool {
        EmailIdentity.key(email).hasSuffix(blockedDomain)
    }

    // MARK: - Values

    /// A pragmatic address check: one `@`, a local part, a dotted domain of letters, digits and hyphens.
    static func isValidEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, email.utf8.count <= maximumEmailLength else { return false }
        let local = parts[0]
        let domain = parts[1]
        let localAllowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".!#$%&'*+/=?^_`{|}~-"))
        guard (1...64).contains(local.count), local.unicodeScalars.allSatisfy(localAllowed.contains),
            !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..")
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let labelAllowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-"))
        return labels.count >= 2
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.unicodeScalars.allSatisfy(labelAllowed.contains)
                    && !label.hasPrefix("-") && !label.hasSuffix("-")
            }
    }

    /// A checkbox's "yes": JSON true, or what form encodings send for a ticked box.
    static func isAccepted(_ value: JSONNode?) -> Bool {
        switch value?.value {
        case .bool(let accepted): return accepted
        case .number(let number): return number.double == 1
        case .string(let text):
            return ["true", "on", "yes", "1", "si", "sí"].contains(text.lowercased())
        default: return false
        }
    }

    /// Missing, null or a string: an empty one of these means "not given" rather than "wrong kind of value".
    private static func isAbsentOrText(_ value: JSONNode?) -> Bool {
        switch value?.value {
        case nil, .null?, .string?: return true
        default: return false
        }
    }

    private static func text(_ value: JSONNode) -> String? {
        value.string
    }
}
