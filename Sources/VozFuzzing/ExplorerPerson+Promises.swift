import Foundation
import VozKit

// The promises the person checks from what they heard and what the server got:
//
// - I3 what is sent is what the review said, announced defaults included;
// - I5 every state said is true: a field said to hold a value holds the one typed;
// - I7 one line, one announcement; a question interrupted by a command is asked again.
extension ExplorerPerson {
    /// The commands that leave focus and the question where they are: the question is asked again after them.
    static let staying: Set<String> = [":donde", ":ayuda", ":revisar", ":noexiste"]

    /// Whether a line says the form was not sent: false while a send's outcome is unknown (I5).
    @Sendable static func saysNotSent(_ text: String) -> Bool {
        text.contains("no se ha enviado")
    }

    /// Checks what the session said in answer to the last line, now that it waits for the next.
    func checkSaid(_ said: [Announcement], awaiting: Session.Awaiting?, _ state: inout State) {
        let context = "(after: \(state.lines.suffix(3).joined(separator: " / ")))"
        let noted = said.filter { $0.text.hasPrefix("Anotad") }
        if noted.count > 1 {
            state.breaks.append("I7: one line, \(noted.count) announcements of the value noted \(context)")
        }
        for announcement in said {
            if let twice = Self.repeatedSentence(announcement.text) {
                state.breaks.append("I7: one announcement says \"\(twice)\" twice \(context)")
            }
        }
        if let line = state.lastLine, Self.staying.contains(line), let before = state.lastAwaiting {
            if awaiting != before {
                state.breaks.append(
                    "I7: \(line) at \(before) left the session at \(String(describing: awaiting)) \(context)")
            } else if !said.contains(where: { $0.kind == .prompt }) {
                state.breaks.append("I7: \(line) at \(before) did not ask the question again \(context)")
            }
        }
        if case .field(let index)? = awaiting, let prompt = said.last(where: { $0.kind == .prompt }) {
            checkValue(in: prompt.text, of: form.fields[index], context: context, &state)
        }
    }

    /// I5: the prompt says the value the person last gave the field, or none when they emptied it.
    private func checkValue(in prompt: String, of field: Field, context: String, _ state: inout State) {
        guard !field.isSensitive, field.defaultValue == nil, let wanted = state.expected[field.id],
            let spoken = Self.spoken(wanted, for: field)
        else { return }
        let said = Self.currentValue(in: prompt) ?? "none"
        // A card number or an IBAN is said masked, whatever field holds it.
        let masked = SensitiveShape.isWhole(spoken) ? Localizer(language: .es).text("access.secret") : spoken
        guard said != masked else { return }
        state.breaks.append(
            "I5: the prompt of \(field.id) says its value is \(said), the person's is \(spoken) \(context)")
    }

    /// A typed answer as a prompt says it: nil when the model cannot tell, "none" for no value.
    private static func spoken(_ typed: String?, for field: Field) -> String? {
        guard let typed else { return "none" }
        switch field.kind {
        case .text, .email: return typed
        case .choice:
            guard let number = Int(typed), field.options.indices.contains(number - 1) else { return nil }
            return field.options[number - 1].label
        default: return nil
        }
    }

    /// What a prompt says after "Valor actual:", without the full stop that ends it; nil when it says none.
    private static func currentValue(in prompt: String) -> String? {
        guard let start = prompt.range(of: "Valor actual: ") else { return nil }
        let rest = prompt[start.upperBound...]
        let end =
            rest.range(of: ". ")?.lowerBound
            ?? (rest.hasSuffix(".") ? rest.index(before: rest.endIndex) : rest.endIndex)
        return String(rest[..<end])
    }

    /// A sentence of some length said twice in a row in one announcement ("Elige un número del 1 al 3. Elige un
    /// número del 1 al 3:"), or nil. Not apart: two guests typed alike are read alike, rightly.
    static func repeatedSentence(_ text: String) -> String? {
        let sentences = text.split(whereSeparator: { ".:?!".contains($0) }).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        for (one, next) in zip(sentences, sentences.dropFirst()) where one.count >= 16 && one == next {
            return one
        }
        return nil
    }

    /// The field lines of the review in `said`: those that follow its last "Revisión de …" line and start with a
    /// field's position ("3. Contraseña: …").
    static func reviewLines(_ said: [Announcement]) -> [String] {
        guard let start = said.lastIndex(where: { $0.text.hasPrefix("Revisión de ") }) else { return [] }
        return said[(start + 1)...].map(\.text).filter { text in
            text.prefix { $0 != "." }.allSatisfy(\.isNumber) && text.contains(". ")
        }
    }

    // MARK: - I3

    /// Checks a request the server just got against what the last line was typed over; only the first request
    /// after a line is, since a retry after a wait sends the same bytes again without a line.
    func requestArrived(body: Data) {
        state.withLock { state in
            guard let capture = state.capture else { return }
            state.capture = nil
            let context = "(after: \(state.lines.suffix(3).joined(separator: " / ")))"
            let expected = RequestBody.make(values: capture.values, form: form).data
            if body != expected {
                state.breaks.append("I3: the request carried other values than the session held \(context)")
            }
            for field in form.fields where defaultMissing(field, capture: capture, body: body) {
                state.breaks.append("I3: \(field.id) was sent without the default its prompt announced \(context)")
            }
            if let review = capture.review {
                for line in mismatches(review, values: capture.values) {
                    state.breaks.append("I3: the review said \"\(line)\", the request sent otherwise \(context)")
                }
            }
        }
    }

    /// Whether `field` was left empty, announced a default, applies, and yet the body has nothing at its path.
    private func defaultMissing(_ field: Field, capture: SendCapture, body: Data) -> Bool {
        guard let typed = field.defaultValue, !typed.isEmpty, !field.isSensitive, field.location == .body,
            capture.answers[field.id] == nil, form.applies(field, values: capture.values),
            form.submit.body == .json
        else { return false }
        var node = try? JSONSerialization.jsonObject(with: body)
        for name in field.bodyPath { node = (node as? [String: Any])?[name] }
        return node == nil || node is NSNull
    }

    /// The review's field lines that do not read the values sent: each applicable field, in order, as
    /// "N. Label: value".
    private func mismatches(_ review: [String], values: FormValues) -> [String] {
        let localizer = Localizer(language: .es)
        let tree = AccessibilityTree(form: form, values: values, errors: [], submit: .enabled, localizer: localizer)
        let sent = form.fields.indices.filter { form.applies(form.fields[$0], values: values) }.map { index in
            let element = tree.fields[index]
            var value = element.value ?? localizer.text("session.review.empty")
            // A card number or an IBAN, by its shape, is said masked in any field (what the redactor does).
            for secret in Self.shapedSecrets(in: values[form.fields[index].id]) {
                value = value.replacingOccurrences(of: secret, with: localizer.text("access.secret"))
            }
            return "\(element.position ?? index + 1). \(element.label): \(value)."
        }
        guard review.count == sent.count else { return review.count > sent.count ? review : sent }
        return zip(review, sent).filter { !$0.hasPrefix($1) }.map(\.0)
    }

    /// The card numbers and IBANs a value holds, as text or as list items.
    private static func shapedSecrets(in value: FieldValue?) -> [String] {
        switch value {
        case .text(let text)?: return SensitiveShape.isWhole(text) ? [text] : []
        case .list(let items)?: return items.filter(SensitiveShape.isWhole)
        default: return []
        }
    }
}
