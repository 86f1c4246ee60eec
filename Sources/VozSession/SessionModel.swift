import Foundation
import VozForm

/// The session's state apart from the submission: answers, errors and focus, with the focus rules of design §5
/// as pure functions.
package struct SessionModel: Sendable, Equatable {
    package let form: Form
    /// Answers as typed (what a draft keeps and `:review` reads), by field id.
    package private(set) var answers: [String: String] = [:]
    /// Parsed values, by field id.
    package private(set) var values = FormValues()
    /// The current error of each failing field, by field id.
    package private(set) var errors: [String: String] = [:]
    package private(set) var focus: FocusTarget
    /// A server's errors on members of a group's items, by group id, in item and member order: each is asked
    /// again in place, with its value, when focus reaches the group.
    package private(set) var memberErrors: [String: [FieldError.Member]] = [:]
    /// The fields a failed submit found failing, in form order, until each is answered (its error gone): going
    /// elsewhere first (`:ir`, a line typed during the send) leaves a failure waiting, never hidden.
    package private(set) var pendingErrorFields: [String] = []
    /// Fields the user has been asked, so a first pass through the form asks each once.
    package private(set) var visited: Set<String> = []
    /// Every value a sensitive field (`Field.isSensitive`) has held in this session, and every card number or IBAN
    /// by its shape (`SensitiveShape`), in the order typed: a server
    /// may quote an old password or card number after the user changed it, so all of them are redacted. In memory
    /// only, never in a draft.
    package private(set) var secretsHeld: [String] = []

    package init(form: Form) {
        self.form = form
        focus = form.fields.isEmpty ? .submit : .field(0)
    }

    // MARK: - Answers

    /// Stores a valid answer for a field and clears its error.
    package mutating func setAnswer(_ typed: String, value: FieldValue?, forField id: String) {
        answers[id] = typed.isEmpty ? nil : typed
        values[id] = value
        if let field = form.field(id: id), field.isSensitive {
            // A card typed with spaces is sent as its digits: both are looked for in what the server says back.
            let typedCard = field.isCardNumber ? typed.trimmingCharacters(in: .whitespaces) : nil
            for secret in [value?.heldText, typedCard].compactMap({ $0 }) where !secret.isEmpty {
                if !secretsHeld.contains(secret) { secretsHeld.append(secret) }
            }
        }
        // A card number or an IBAN is one by its shape, at whatever field, or as an item of a list.
        var shaped = [typed]
        if case .list(let items)? = value { shaped += items }
        if let text = value?.heldText { shaped.append(text) }
        for secret in shaped where SensitiveShape.isWhole(secret) && !secretsHeld.contains(secret) {
            secretsHeld.append(secret)
        }
        errors[id] = nil
        visited.insert(id)
    }

    /// Stores a group's items after member `memberID` of item `item` was corrected: that error goes, and the
    /// group's error is what is left to correct.
    package mutating func correctMember(
        _ memberID: String, item: Int, ofGroup id: String, typed: String, items: [GroupItem]
    ) {
        setAnswer(typed, value: .group(items), forField: id)
        var left = memberErrors[id] ?? []
        left.removeAll { $0.item == item && $0.memberID == memberID }
        memberErrors[id] = left.isEmpty ? nil : left
        if !left.isEmpty { errors[id] = left.map(\.message).joined(separator: " ") }
    }

    /// Forgets a group's member errors: its items moved (one was removed), so their places no longer say which.
    package mutating func dropMemberErrors(ofGroup id: String) {
        memberErrors[id] = nil
    }

    /// Records an error for a field (local or from the server).
    package mutating func setError(_ message: String, forField id: String) {
        errors[id] = message
    }

    package mutating func markVisited(_ id: String) {
        visited.insert(id)
    }

    /// Applies a failed submission's field errors: every earlier error is replaced, focus goes to the first
    /// failing field in form order, and the rest wait their turn in form order.
    package mutating func applyFailure(_ fieldErrors: [FieldError]) {
        errors = [:]
        memberErrors = [:]
        for error in fieldErrors where form.field(id: error.fieldID).map(applies) ?? false {
            errors[error.fieldID] = error.message
            if !error.members.isEmpty { memberErrors[error.fieldID] = error.members }
        }
        pendingErrorFields = form.fields.map(\.id).filter { errors[$0] != nil }
        if let first = pendingErrorFields.first, let index = form.index(ofField: first) {
            focus = .field(index)
        } else {
            focus = .submit
        }
    }

    // MARK: - Focus

    /// Moves focus on after the focused field was answered. While failing fields wait: to the next in form order
    /// after this one that still fails, or that a branch just opened and nobody has answered (a required field with
    /// no value fails too), else back to the first that still fails. Otherwise to the next field not yet asked.
    /// Then the submit control.
    package mutating func advance() {
        let current: Int?
        switch focus {
        case .field(let index): current = index
        case .submit: current = nil
        }
        // A failure is settled by an answer (which clears its error) or by its branch closing.
        let model = self
        pendingErrorFields.removeAll { id in
            model.errors[id] == nil || !(model.form.field(id: id).map(model.applies) ?? false)
        }
        let start = current.map { $0 + 1 } ?? form.fields.count
        if !pendingErrorFields.isEmpty {
            let waiting = Set(pendingErrorFields)
            let fails = { (index: Int) -> Bool in
                let field = model.form.fields[index]
                guard index != current, model.applies(field) else { return false }
                if waiting.contains(field.id) { return true }
                return !model.visited.contains(field.id) && field.required && model.values[field.id] == nil
            }
            if let index = form.fields.indices.dropFirst(start).first(where: fails)
                ?? form.fields.indices.first(where: fails)
            {
                focus = .field(index)
                return
            }
        }
        if let index = form.fields.indices.dropFirst(start).first(where: {
            !visited.contains(form.fields[$0].id) && applies(form.fields[$0])
        }) {
            focus = .field(index)
        } else {
            focus = .submit
        }
    }

    /// Focuses the first field not yet answered or asked, else the submit control.
    package mutating func advanceToFirstUnanswered() {
        if let index = form.fields.firstIndex(where: { !visited.contains($0.id) && applies($0) }) {
            focus = .field(index)
        } else {
            focus = .submit
        }
    }

    /// Focuses the field with this id when it applies; false otherwise.
    package mutating func focusField(_ id: String) -> Bool {
        guard let index = form.index(ofField: id), applies(form.fields[index]) else { return false }
        focus = .field(index)
        return true
    }

    /// Focuses the submit control (while sending, and after a failure with no field errors).
    package mutating func focusSubmit() {
        focus = .submit
    }

    /// `:siguiente`: the next field in order, then the submit control.
    package mutating func next() {
        switch focus {
        case .field(let index):
            focus =
                form.fields.indices.dropFirst(index + 1).first { applies(form.fields[$0]) }.map(FocusTarget.field)
                ?? .submit
        case .submit: break
        }
    }

    /// `:anterior`: the previous field; from the submit control, the last field.
    package mutating func previous() {
        switch focus {
        case .field(let index):
            focus = .field(form.fields.indices.prefix(index).last { applies(form.fields[$0]) } ?? index)
        case .submit:
            focus = form.fields.indices.last { applies(form.fields[$0]) }.map(FocusTarget.field) ?? .submit
        }
    }

    /// `:ir N` or `:ir Etiqueta`: a 1-based position, a field's label or id (case- and accent-insensitive).
    /// Returns false when nothing matches.
    package mutating func go(to target: String) -> Bool {
        let wanted = target.trimmingCharacters(in: .whitespaces)
        let applicable = form.fields.indices.filter { applies(form.fields[$0]) }
        if let position = Int(wanted), position > 0, applicable.indices.contains(position - 1) {
            let index = applicable[position - 1]
            focus = .field(index)
            return true
        }
        let folded = Self.fold(wanted)
        let commandNames = SessionCommand.names.first { $0.command == .submit }?.names ?? []
        let submitNames = commandNames.map(Self.fold) + [Self.fold(form.submit.label)]
        if submitNames.contains(folded) {
            focus = .submit
            return true
        }
        let candidates = applicable.map { ($0, form.fields[$0]) }
        guard !folded.isEmpty,
            let index = candidates.first(where: { Self.fold($1.label) == folded || Self.fold($1.id) == folded })?.0
                ?? candidates.first(where: { Self.fold($1.label).hasPrefix(folded) })?.0
        else { return false }
        focus = .field(index)
        return true
    }

    /// The field of a branch that is off which `target` names (by label, id or the start of a label), for saying
    /// when it is asked rather than that it does not exist.
    package func offBranchField(named target: String) -> Field? {
        let folded = Self.fold(target)
        let off = form.fields.filter { !applies($0) }
        guard !folded.isEmpty else { return nil }
        return off.first { Self.fold($0.label) == folded || Self.fold($0.id) == folded }
            ?? off.first { Self.fold($0.label).hasPrefix(folded) }
    }

    /// Whether a field applies to the answers given so far (a field of a branch not chosen does not).
    package func applies(_ field: Field) -> Bool {
        form.applies(field, values: values)
    }

    /// The positions (0-based, in form order) of the fields that apply now.
    package var applicableIndices: [Int] {
        form.fields.indices.filter { applies(form.fields[$0]) }
    }

    /// The focused field, if focus is on one.
    package var focusedField: Field? {
        if case .field(let index) = focus, form.fields.indices.contains(index) { return form.fields[index] }
        return nil
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}
