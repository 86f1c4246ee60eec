import Foundation
import VozForm
import VozJSON
import VozLocalization

/// `POST /events/{slug}/registrations`: a nested body with lists and a branch, whose field errors point into
/// them (`#/contact/email`, `#/tags/1`, `#/guests/0/email`, `#/payment/card/number`), as real APIs answer.
enum Registration {
    /// The events that exist; any other slug is not found.
    static let events: Set<String> = ["taller-swift", "accesibilidad-2026"]
    /// Tags the service refuses, to show an error on one item of a list.
    static let refusedTags: Set<String> = ["spam", "gratis"]
    /// How many places one registration may keep.
    static let seatRange = 1...9
    /// How many digits a card number has, spaces not counted.
    static let cardDigits = 16
    /// The shortest IBAN taken, spaces not counted.
    static let minimumIBANLength = 15

    /// The event slug of a registrations address, or nil when the path is not one.
    static func slug(inPath path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[1] == "events", parts[3] == "registrations",
            !parts[2].isEmpty
        else { return nil }
        return String(parts[2])
    }

    /// The reply to one registration: 201 with the registration, or 422 with every field error.
    static func reply(slug: String, body: JSONNode, language: Language) -> (Int, JSONNode)? {
        guard events.contains(slug) else { return nil }
        let errors = validate(body).map { error in
            ProblemDetails.FieldError(pointer: error.pointer, detail: error.text.text(language))
        }
        guard errors.isEmpty else {
            let problem = ProblemDetails(
                .validation, title: DemoText.validationTitle.text(language), status: 422,
                detail: DemoText.validationDetail.text(language), errors: errors)
            return (422, problem.json)
        }
        let seats = body["seats"].flatMap(number) ?? 1
        return (
            201,
            .object([
                ("id", .string("reg-" + UUID().uuidString.prefix(8).lowercased())), ("event", .string(slug)),
                ("seats", .number(seats)),
            ])
        )
    }

    // MARK: - Rules

    struct Failure: Equatable {
        var pointer: String
        var text: RegistrationText
    }

    static func validate(_ body: JSONNode) -> [Failure] {
        var failures: [Failure] = []
        let contact = body["contact"]
        if (contact?["name"].flatMap(text) ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            failures.append(Failure(pointer: "#/contact/name", text: .nameRequired))
        }
        if !AccountValidator.isValidEmail(contact?["email"].flatMap(text) ?? "") {
            failures.append(Failure(pointer: "#/contact/email", text: .emailInvalid))
        }
        // A number, whole and from 1 to 9: a string "2" is the wrong type, as a typed API says.
        guard let seats = body["seats"].flatMap(number), seats == seats.rounded(),
            seats >= Double(seatRange.lowerBound), seats <= Double(seatRange.upperBound)
        else {
            return failures + [Failure(pointer: "#/seats", text: .seatsInvalid)]
        }
        if let tags = body["tags"]?.elements {
            for (index, tag) in tags.enumerated() where refusedTags.contains(text(tag)?.lowercased() ?? "") {
                failures.append(Failure(pointer: "#/tags/\(index)", text: .tagRefused))
            }
        }
        if let guests = body["guests"]?.elements {
            for (index, guest) in guests.enumerated() {
                if (guest["name"].flatMap(text) ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                    failures.append(Failure(pointer: "#/guests/\(index)/name", text: .nameRequired))
                }
                let email = guest["email"].flatMap(text) ?? ""
                if !AccountValidator.isValidEmail(email) || AccountValidator.isBlockedAddress(email) {
                    failures.append(Failure(pointer: "#/guests/\(index)/email", text: .guestRefused))
                }
            }
        }
        failures += paymentFailures(body["payment"])
        return failures
    }

    private static func paymentFailures(_ payment: JSONNode?) -> [Failure] {
        switch payment?["method"].flatMap(text) {
        case "card":
            let digits = payment?["card"]?["number"].flatMap(text)?.filter(\.isNumber) ?? ""
            return digits.count == cardDigits && luhn(digits)
                ? [] : [Failure(pointer: "#/payment/card/number", text: .card)]
        case "transfer":
            let iban = payment?["iban"].flatMap(text)?.replacingOccurrences(of: " ", with: "") ?? ""
            return iban.count >= minimumIBANLength && iban.prefix(2).allSatisfy(\.isLetter)
                ? [] : [Failure(pointer: "#/payment/iban", text: .iban)]
        default:
            return [Failure(pointer: "#/payment/method", text: .method)]
        }
    }

    /// The Luhn check digit test card numbers carry.
    static func luhn(_ digits: String) -> Bool {
        var sum = 0
        for (offset, character) in digits.reversed().enumerated() {
            guard var digit = character.wholeNumberValue else { return false }
            if offset % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }

    private static func text(_ value: JSONNode) -> String? { value.string }

    private static func number(_ value: JSONNode) -> Double? { value.double }
}

/// The sentences of the registrations endpoint.
enum RegistrationText: Sendable, Equatable {
    case nameRequired, emailInvalid, seatsInvalid, tagRefused, guestRefused, card, iban, method

    /// The sentence in `language`, from the PO catalogs (`demo.registration.*`).
    func text(_ language: Language) -> String {
        Localizer(language: language).text("demo.registration.\(self)")
    }
}
