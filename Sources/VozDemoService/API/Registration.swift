import Foundation

/// `POST /events/{slug}/registrations`: a nested body with lists and a branch, whose field errors point into
/// them (`#/contact/email`, `#/tags/1`, `#/guests/0/email`, `#/payment/card/number`), as real APIs answer.
enum Registration {
    /// The events that exist; any other slug is not found.
    static let events: Set<String> = ["taller-swift", "accesibilidad-2026"]
    /// Tags the service refuses, to show an error on one item of a list.
    static let refusedTags: Set<String> = ["spam", "gratis"]

    /// The event slug of a registrations address, or nil when the path is not one.
    static func slug(inPath path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[1] == "events", parts[3] == "registrations",
            !parts[2].isEmpty
        else { return nil }
        return String(parts[2])
    }

    /// The reply to one registration: 201 with the registration, or 422 with every field error.
    static func reply(slug: String, body: JSONValue, language: DemoLanguage) -> (Int, JSONValue)? {
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

    static func validate(_ body: JSONValue) -> [Failure] {
        var failures: [Failure] = []
        let contact = body["contact"]
        if (contact?["name"].flatMap(text) ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            failures.append(Failure(pointer: "#/contact/name", text: .nameRequired))
        }
        if !AccountValidator.isValidEmail(contact?["email"].flatMap(text) ?? "") {
            failures.append(Failure(pointer: "#/contact/email", text: .emailInvalid))
        }
        // A number, whole and from 1 to 9: a string "2" is the wrong type, as a typed API says.
        guard let seats = body["seats"].flatMap(number), seats == seats.rounded(), (1...9).contains(seats) else {
            return failures + [Failure(pointer: "#/seats", text: .seatsInvalid)]
        }
        if case .array(let tags)? = body["tags"] {
            for (index, tag) in tags.enumerated() where refusedTags.contains(text(tag)?.lowercased() ?? "") {
                failures.append(Failure(pointer: "#/tags/\(index)", text: .tagRefused))
            }
        }
        if case .array(let guests)? = body["guests"] {
            for (index, guest) in guests.enumerated() {
                if (guest["name"].flatMap(text) ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                    failures.append(Failure(pointer: "#/guests/\(index)/name", text: .nameRequired))
                }
                let email = guest["email"].flatMap(text) ?? ""
                if !AccountValidator.isValidEmail(email) || email.hasSuffix(AccountValidator.blockedDomain) {
                    failures.append(Failure(pointer: "#/guests/\(index)/email", text: .guestRefused))
                }
            }
        }
        failures += paymentFailures(body["payment"])
        return failures
    }

    private static func paymentFailures(_ payment: JSONValue?) -> [Failure] {
        switch payment?["method"].flatMap(text) {
        case "card":
            let digits = payment?["card"]?["number"].flatMap(text)?.filter(\.isNumber) ?? ""
            return digits.count == 16 && luhn(digits) ? [] : [Failure(pointer: "#/payment/card/number", text: .card)]
        case "transfer":
            let iban = payment?["iban"].flatMap(text)?.replacingOccurrences(of: " ", with: "") ?? ""
            return iban.count >= 15 && iban.prefix(2).allSatisfy(\.isLetter)
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

    private static func text(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    private static func number(_ value: JSONValue) -> Double? {
        if case .number(let number) = value { return number }
        return nil
    }
}

/// The sentences of the registrations endpoint.
enum RegistrationText: Sendable, Equatable {
    case nameRequired, emailInvalid, seatsInvalid, tagRefused, guestRefused, card, iban, method

    func text(_ language: DemoLanguage) -> String {
        switch (self, language) {
        case (.nameRequired, .english): return "Enter the contact's name."
        case (.nameRequired, .spanish): return "Escribe el nombre de contacto."
        case (.emailInvalid, .english): return "Enter an e-mail address like name@example.com."
        case (.emailInvalid, .spanish): return "Escribe una dirección como nombre@ejemplo.com."
        case (.seatsInvalid, .english): return "Choose from 1 to 9 seats."
        case (.seatsInvalid, .spanish): return "Elige de 1 a 9 plazas."
        case (.tagRefused, .english): return "This tag is not allowed."
        case (.tagRefused, .spanish): return "Esta etiqueta no está permitida."
        case (.guestRefused, .english): return "This guest cannot be invited."
        case (.guestRefused, .spanish): return "No se puede invitar a esta persona."
        case (.card, .english): return "The card number is not valid."
        case (.card, .spanish): return "El número de tarjeta no es válido."
        case (.iban, .english): return "The IBAN is not valid."
        case (.iban, .spanish): return "El IBAN no es válido."
        case (.method, .english): return "Choose a payment method."
        case (.method, .spanish): return "Elige una forma de pago."
        }
    }
}
