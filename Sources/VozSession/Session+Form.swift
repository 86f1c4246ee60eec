import Foundation
import VozAccessibility
import VozForm

// MARK: - The form as the session says it

extension Session {
    var validator: FieldValidator { FieldValidator(localizer: localizer) }

    /// Parses one typed answer for a field: the value, or the sentence that says how to fix it.
    func validate(_ typed: String, for field: Field, ofMember: Bool = false) -> Result<FieldValue?, FieldAnswerError> {
        do throws(ValidationError) {
            return .success(try validator.parse(typed, for: field, ofMember: ofMember))
        } catch {
            return .failure(FieldAnswerError(message: error.message, detail: error.detail))
        }
    }

    /// Every local error of the form as it stands, in form order.
    func localErrors() -> [FieldError] {
        validator.validate(valuesWithDefaults, in: model.form).map(\.fieldError)
    }

    /// The values as they stand, with each field that applies and was left empty holding its default: a default
    /// the prompt announced ("If left empty: Free") is the value, in the review, the checks and the request, whether
    /// the field was answered with an empty line, skipped with `:go`, or never asked (`--set`, an answers file).
    var valuesWithDefaults: FormValues {
        var values = model.values
        for field in model.form.fields where values[field.id] == nil && model.applies(field) {
            guard let typed = field.defaultValue, !typed.isEmpty, model.answers[field.id] == nil,
                case .success(let value?) = validate(typed, for: field)
            else { continue }
            values[field.id] = value
        }
        return values
    }

    /// The accessibility tree of the form as it stands now.
    var tree: AccessibilityTree {
        let errors = model.form.fields.compactMap { field in
            model.errors[field.id].map { FieldError(fieldID: field.id, message: $0) }
        }
        return AccessibilityTree(
            form: model.form, values: valuesWithDefaults, errors: errors,
            submit: inFlight ? .sending : .enabled, localizer: localizer)
    }

    /// A field's prompt: position, label, states, instructions, hint, example, default and current value.
    func fieldPrompt(_ index: Int) -> String {
        tree.fields[index].spoken(localizer)
    }

    /// A field as `:revisar` reads it, short: position, label, value (secrets as hidden with their length) and
    /// error. The hints were heard when the field was asked; a review is for checking answers.
    func fieldReview(_ index: Int) -> String {
        let element = tree.fields[index]
        var value = element.value ?? localizer.text("session.review.empty")
        if let unfinished = unfinishedItemWords(model.form.fields[index]) { value += ". " + unfinished }
        let arguments = [
            "position": String(element.position ?? index + 1), "label": element.label,
            "value": value, "error": element.error ?? "",
        ]
        return localizer.text(element.error == nil ? "session.review.field" : "session.review.fieldError", arguments)
    }

    /// The item of `field` being entered and not finished yet, said as such: what it holds and what it still lacks
    /// ("Invitado 2 sin terminar: nombre, Leo; falta correo"). Not an item yet, so not in the value; but "empty"
    /// alone hid what the person typed. A sensitive member's value, or one shaped as a card or an IBAN, is said
    /// hidden. Nil when no item of the field is being entered.
    func unfinishedItemWords(_ field: Field) -> String? {
        guard let entry = groupEntry, entry.fieldID == field.id, entry.replacing == nil,
            field.members.indices.contains(entry.member)
        else { return nil }
        var shown = entry.item
        for member in field.members where shown.values[member.id] != nil {
            let typed = shown.typed[member.id] ?? ""
            if member.isSensitive || SensitiveShape.isWhole(typed) {
                shown.values[member.id] = .text(localizer.plural("access.hidden", count: typed.count))
            }
        }
        let missing = field.members[entry.member...].map(\.label).joined(separator: ", ")
        return localizer.text(
            "session.review.unfinishedItem",
            [
                "item": localizer.text(
                    "form.group.item",
                    ["item": GroupWording.itemName(field), "number": String(groupItems(field).count + 1)]),
                "members": GroupWording.memberWords(shown, of: field, localizer), "missing": missing,
            ])
    }

    /// The submit control, with the command that uses it; while a retry waits, when it leaves and how to call it
    /// off (the retry command it would otherwise offer is already under way).
    func submitPrompt() async -> String {
        let element = tree.submit
        if waitingToRetry, let time = await retryWaitWords() {
            return localizer.text(
                "session.submitPromptWaiting",
                ["label": element.label, "time": time, "command": SessionCommand.cancel.typed(in: language)])
        }
        let failing = model.applicableIndices.filter { model.errors[model.form.fields[$0].id] != nil }
        if let first = failing.first, !sending {
            // Named, with the way to the first: "1 field still has an error" left the person to find which.
            let position = (model.applicableIndices.firstIndex(of: first) ?? 0) + 1
            return localizer.plural(
                "session.submitPromptErrors", count: failing.count,
                [
                    "label": element.label, "count": String(failing.count),
                    "fields": failing.map { model.form.fields[$0].label }.joined(separator: ", "),
                    "go": SessionCommand.go("").typed(in: language) + " \(position)",
                ])
        }
        if inFlight { return element.spoken(localizer) }
        if case .failed(let failure, _?, _) = submission.state, failure.kind == .transient {
            // After a transient failure the button's way forward is the retry, which keeps the key. A server that
            // answered (a 429 or a 503, whatever form its Retry-After took) did not take the send: "no sure
            // answer" would be false of it.
            return localizer.text(
                failure.answered ? "session.submitPromptRetryAnswered" : "session.submitPromptRetry",
                ["label": element.label, "command": SessionCommand.retry.typed(in: language)])
        }
        return localizer.text(
            "session.submitPrompt", ["label": element.label, "command": SessionCommand.submit.typed(in: language)])
    }

    /// Reads every field back before a confirmed send (the review step, WCAG 3.3.4).
    func readBack() async {
        await say(localizer.text("session.review.start", ["title": model.form.title]), .polite)
        for index in model.applicableIndices {
            await say(fieldReview(index), .polite)
        }
    }
}

/// A refused answer: the whole sentence to say, and the part kept on the field.
struct FieldAnswerError: Error, Equatable {
    /// "Correo electrónico: falta la arroba. Ejemplo: ana@ejemplo.com."
    var message: String
    /// "falta la arroba. Ejemplo: ana@ejemplo.com." — the field's element adds its own label.
    var detail: String
}
