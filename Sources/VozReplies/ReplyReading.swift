import Foundation
import VozForm
import VozJSON
import VozLocalization

/// One reply being read by a `ReplyInterpreter`: decodes the body, classifies the status, places each error on
/// a field or in the general message, and keeps notes for the technical log as it goes.
package struct ReplyReading {
    let interpreter: ReplyInterpreter
    let reply: HTTPReply
    private(set) var notes: [String] = []

    init(interpreter: ReplyInterpreter, reply: HTTPReply) {
        self.interpreter = interpreter
        self.reply = reply
    }

    private var localizer: Localizer { interpreter.localizer }

    // MARK: - Outcome

    /// Replies larger than this are not read (the transport's limit, for replies that come from elsewhere).
    static let sizeLimit = 1_048_576

    mutating func outcome() -> ReplyOutcome {
        guard reply.body.count <= Self.sizeLimit else {
            notes.append("reply of \(reply.body.count) bytes is over the \(Self.sizeLimit)-byte limit; not read")
            return .failure(SubmissionFailure(kind: .permanent, message: localizer.text("server.replyTooLarge")))
        }
        let decoded = decodeBody()
        let header = reply.header("Retry-After")
        let (retryAfter, capped) = RetryAfter.bounded(
            RetryAfter.seconds(header, replyDate: reply.header("Date"), now: interpreter.now())
                ?? decoded?.retryDelaySeconds)
        if capped {
            notes.append(
                "retry wait over six hours, said as such: Retry-After \(header ?? "(none)"), body \(decoded?.retryDelaySeconds.map { "\($0)" } ?? "(none)")"
            )
        }
        if let idempotency = idempotencyFailure(decoded, retryAfter: retryAfter) {
            return .failure(idempotency)
        }
        if ReplyClassifier.isSuccess(reply.status) {
            guard let decoded, decoded.declaresErrors, !decoded.items.isEmpty else {
                return .success(Receipt(message: localizer.text("server.success"), reference: decoded?.reference))
            }
            notes.append("a success status whose body reports errors: not a success")
            return .failure(permanentFailure(leadKey: "server.rejected", decoded: decoded))
        }
        let verdict = ReplyClassifier.verdict(forStatus: reply.status)
        notes.append("\(verdict.kind.rawValue): status \(reply.status)")
        guard verdict.kind == .transient else {
            return .failure(permanentFailure(leadKey: verdict.key, decoded: decoded))
        }
        let summary = decoded.flatMap { humanSummary($0) }
        return .failure(
            SubmissionFailure(
                kind: .transient, message: Self.sentences([localizer.text(verdict.key), summary]),
                retryAfterSeconds: retryAfter))
    }

    // MARK: - Body

    private mutating func decodeBody() -> DecodedServerReply? {
        let contentType = reply.header("Content-Type")?.lowercased() ?? ""
        let text = String(data: reply.body, encoding: .utf8)
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if reply.body.isEmpty || (text != nil && trimmed.isEmpty) {
            notes.append("empty body")
            return nil
        }
        if contentType.contains("html") || trimmed.hasPrefix("<") {
            notes.append("HTML body (\(reply.body.count) bytes), not shown")
            return nil
        }
        if let json = (try? JSONParser.replies.parse(reply.body)) {
            let decoded = ServerErrorDecoder.decode(json, formNames: interpreter.matcher.formNames)
            notes.append("format: \(decoded.format)")
            return decoded
        }
        if contentType.hasPrefix("text/plain"), text != nil {
            var decoded = DecodedServerReply(format: "text")
            decoded.summaries = [trimmed]
            notes.append("plain text body")
            return decoded
        }
        notes.append("unreadable body (\(contentType.isEmpty ? "no content type" : contentType))")
        return nil
    }

    // MARK: - Idempotency

    /// The IETF draft's and Stripe's idempotency replies: a request with this key still in flight (retry with
    /// the same key, later), or the key already used with other data (the next send needs a new key).
    private mutating func idempotencyFailure(_ decoded: DecodedServerReply?, retryAfter: Double?) -> SubmissionFailure?
    {
        let codes = Set((decoded?.codes ?? []).map { $0.lowercased() })
        var texts =
            decoded.map { $0.codes + $0.summaries + $0.items.flatMap { [$0.message, $0.code] }.compactMap { $0 } }
            ?? []
        // The draft also allows a bare `Link: <…/idempotency>; rel="describedby"` instead of a body.
        texts += [reply.header("Link")].compactMap { $0 }
        let header = interpreter.form.submit.idempotencyHeader.lowercased()
        let mentioned = texts.contains { text in
            let folded = text.lowercased()
            return folded.contains("idempoten") || folded.contains(header)
        }
        if codes.contains("idempotency_key_in_use") || (reply.status == 409 && mentioned) {
            notes.append("idempotency: a request with this key is still in progress")
            return SubmissionFailure(
                kind: .transient, message: localizer.text("server.idempotency.inFlight"), retryAfterSeconds: retryAfter)
        }
        // A 422 that names fields is validation, even if a message happens to mention idempotency.
        let namesFields = decoded?.items.contains { $0.path != nil } ?? false
        if codes.contains("idempotency_error") || (reply.status == 422 && mentioned && !namesFields) {
            notes.append("idempotency: the key was used with a different payload; a new key is needed")
            return SubmissionFailure(
                kind: .permanent, message: localizer.text("server.idempotency.keyReused"), requiresNewKey: true)
        }
        return nil
    }

    // MARK: - Field errors

    /// At most this many messages are kept for one field, and as many for the general message: a server that
    /// lists thousands of errors must not hold a listener for minutes. The rest are counted and said as a number.
    static let maximumMessagesPerField = 3
    static let maximumGeneralMessages = 3

    private mutating func permanentFailure(leadKey: String, decoded: DecodedServerReply?) -> SubmissionFailure {
        guard let decoded else {
            return SubmissionFailure(kind: .permanent, message: localizer.text(leadKey))
        }
        var byField: [String: [String]] = [:]
        var byMember: [String: [FieldError.Member]] = [:]
        var general: [String] = []
        // Sentences of the general message that explain rather than report an error: not counted as errors.
        var notErrors: Set<String> = []
        var omitted = 0
        var read: [String: Int] = [:]
        for item in decoded.items {
            // The form's own names come first, so a field called `body` or `detail` gets its error.
            var matchedID = item.path.flatMap { interpreter.matcher.fieldID(for: $0) }
            if item.path == nil, item.topic == .paymentCard {
                matchedID = interpreter.matcher.cardFieldID
                if matchedID == nil { notes.append("a card error and no card field: said as a general message") }
            }
            if let id = matchedID, let field = interpreter.form.field(id: id) {
                // An error on a field of a branch not chosen cannot be fixed there: it joins the general message.
                if !interpreter.submitted.isEmpty, !interpreter.form.applies(field, values: interpreter.submitted) {
                    notes.append("error for a field that did not apply: \(item.path.map { described($0) } ?? id)")
                    let message = human(item.message).map { inOwnWords($0, for: field) }
                    general.append(
                        localizer.text(
                            "server.unknownField",
                            ["name": field.label, "message": message ?? localizer.text("server.field.invalid")]))
                    // Said with its condition: the person reaches the field by opening its branch, not by looking.
                    if let when = interpreter.form.conditionSentence(for: field, localizer) {
                        general.append(when)
                        notErrors.insert(when)
                    }
                    continue
                }
                // A field that has said its fill is skipped before its message is read: a reply of thousands of
                // errors costs their count, not thousands of readings. A group's members are still placed, so each
                // of its items is asked again where it was refused.
                // Counted by messages read, not kept: many errors can read as one sentence of Voz's, kept once.
                if field.kind != .group, read[id, default: 0] >= Self.maximumMessagesPerField {
                    omitted += 1
                    continue
                }
                read[id, default: 0] += 1
                let place = item.path.flatMap { ServerFieldMatcher.place(of: $0, in: field) }
                var message = fieldMessage(item.message, for: field, path: item.path, place: place)
                if let place {
                    if hasItem(place, in: field) {
                        let detail = message
                        // `tags[1]`, `guests[1].email`: say which item (counting from one) and which of its questions.
                        message = itemMessage(message, at: place, in: field)
                        // A member's error is also kept by its place, so the session asks that member of that item
                        // again, with its value: one sentence about it is not a way to correct it.
                        if field.kind == .group, let memberID = place.memberID,
                            !(byMember[id] ?? []).contains(where: { $0.item == place.index && $0.memberID == memberID })
                        {
                            byMember[id, default: []].append(
                                FieldError.Member(
                                    item: place.index, memberID: memberID, detail: detail, message: message))
                        }
                    } else {
                        // An item that was not sent is no item to name ("Invitado 4" of two), nor one to correct: the
                        // error is said once, of the field (and its member), as a general error, and counted.
                        notes.append("error for item \(place.index + 1) of \(id), not sent: said as a general error")
                        let member = place.memberID.flatMap { memberID in field.members.first { $0.id == memberID } }
                        let name = [field.label, member?.label].compactMap { $0 }.joined(separator: ", ")
                        guard general.count < Self.maximumGeneralMessages else {
                            omitted += 1
                            continue
                        }
                        general.append(localizer.text("server.unknownField", ["name": name, "message": message]))
                        continue
                    }
                }
                guard byField[id, default: []].count < Self.maximumMessagesPerField else {
                    omitted += 1
                    continue
                }
                if !(byField[id]?.contains(message) ?? false) { byField[id, default: []].append(message) }
                continue
            }
            guard let path = item.path, !path.names.allSatisfy(Self.isEnvelopeName) else {
                guard general.count < Self.maximumGeneralMessages else {
                    omitted += 1
                    continue
                }
                if let text = human(item.message) {
                    general.append(text)
                } else {
                    notes.append("technical form-level message not shown: \(item.message ?? "(none)")")
                }
                continue
            }
            guard general.count < Self.maximumGeneralMessages else {
                omitted += 1
                continue
            }
            // An object holding fields (`contact` for `contact.name` and `contact.email`) is said by their labels.
            let inside = fields(inside: path)
            let name = inside.isEmpty ? Self.spokenName(path) : OptionWording.list(inside.map(\.label), localizer)
            // A secret sent where a name was expected comes back as the error's path: said, it would be said aloud,
            // and noted, it would be logged. Judged before it is named anywhere.
            if revealsSecret(path) || repeatsSecret(path.description) || repeatsSecret(name) {
                notes.append("an error's field name repeated a secret value; not shown")
                continue
            }
            notes.append("error for a field the form does not have: \(path)")
            let message = human(item.message).map { inOwnWords($0, for: nil) } ?? localizer.text("server.field.invalid")
            general.append(localizer.text("server.unknownField", ["name": name, "message": message]))
        }
        if omitted > 0 { notes.append("\(omitted) more errors not said") }
        let fieldErrors = interpreter.form.fields.compactMap { field in
            byField[field.id].map {
                FieldError(
                    fieldID: field.id, message: $0.joined(separator: " "),
                    members: Self.inOrder(byMember[field.id] ?? [], of: field))
            }
        }
        let lead = localizer.text(fieldErrors.isEmpty ? leadKey : "server.fields.general")
        let summary = general.isEmpty && fieldErrors.isEmpty ? humanSummary(decoded) : nil
        let more = omitted > 0 ? localizer.plural("server.moreErrors", count: omitted) : nil
        // Each error said counts once, as it is said once: "Hay 3 errores" is what is heard. A field's second and
        // third messages are errors heard too, and so is each error of the general message.
        var failure = SubmissionFailure(
            kind: .permanent, message: Self.sentences([lead] + general + [summary, more]), fieldErrors: fieldErrors)
        failure.errorsBeyondFields =
            Set(general).subtracting(notErrors).count + byField.values.reduce(0) { $0 + max($1.count - 1, 0) }
        return failure
    }

    /// The server's message for a field when it is human and safe, else the catalog's. The field's path inside it
    /// ("The guests.0.email must be…") is said as the field's label; in another language than the form's, it is
    /// said in Voz's own words.
    private mutating func fieldMessage(
        _ raw: String?, for field: Field, path: ServerPath?, place: ServerFieldMatcher.ItemPlace?
    ) -> String {
        guard var text = human(raw) else {
            notes.append("technical message for \(field.id) replaced: \(raw ?? "(none)")")
            return localizer.text("server.field.invalid")
        }
        // A quoted fragment in a message about a sensitive field is most likely its value (a password, a card).
        if field.isSensitive, text.range(of: "['\"«“‘][^'\"»”’]+['\"»”’]", options: .regularExpression) != nil {
            notes.append("message for secret field \(field.id) quoted a value; replaced")
            return localizer.text("server.field.invalid")
        }
        let member = place?.memberID.flatMap { id in field.members.first { $0.id == id } }
        if let path {
            text = Self.replacingPath(path, in: text, with: member?.label ?? field.label)
        }
        return inOwnWords(text, for: member ?? field)
    }

    /// A server's message in another language than the form's said in Voz's own words when it is a phrase Voz
    /// knows ("has already been taken"), else as the general sentence; the server's words go to the technical log
    /// only. A message in the form's language is the server's own sentence, and said as it is.
    private mutating func inOwnWords(_ text: String, for field: Field?) -> String {
        guard ServerLanguage.isForeign(text, to: localizer.language) else { return text }
        guard let phrase = ServerPhrase.recognise(text) else {
            notes.append("message in another language, not recognised, not said: \(text)")
            return localizer.text("server.field.invalid")
        }
        notes.append("message in another language said in Voz's words (\(phrase)): \(text)")
        return phrase.detail(for: field, localizer)
    }

    /// `text` with `path` written as frameworks write it in their messages (`guests.0.email`, `guests[0].email`,
    /// `guests/0/email`, `guests[0][email]`) replaced by `label`. A one-word path is left: it is often a word of
    /// the sentence ("The seats may not…").
    static func replacingPath(_ path: ServerPath, in text: String, with label: String) -> String {
        var result = text
        for candidate in [path, path.withoutEnvelope] where candidate.segments.count > 1 {
            let pieces = candidate.segments.map { segment -> String in
                switch segment {
                case .name(let name): return name
                case .index(let index): return String(index)
                case .filter(let key, let value): return "\(key)=\(value)"
                }
            }
            let first = pieces[0]
            let bracketed = first + pieces.dropFirst().map { "[\($0)]" }.joined()
            for written in [
                pieces.joined(separator: "."), candidate.description, pieces.joined(separator: "/"), bracketed,
            ] {
                result = result.replacingOccurrences(of: written, with: label, options: .caseInsensitive)
            }
        }
        return result
    }

    /// Whether the item `place` names was sent: with no submitted values known, it is taken to be.
    private func hasItem(_ place: ServerFieldMatcher.ItemPlace, in field: Field) -> Bool {
        guard !interpreter.submitted.isEmpty else { return true }
        switch interpreter.submitted[field.id] {
        case .group(let items): return place.index < items.count
        case .list(let items): return place.index < items.count
        default: return false
        }
    }

    /// The form's fields whose body path lies inside `path`'s object, when `path` names no field itself.
    private func fields(inside path: ServerPath) -> [Field] {
        let names = path.withoutEnvelope.names.map(ServerFieldMatcher.normalize)
        guard !names.isEmpty, names.count == path.withoutEnvelope.segments.count else { return [] }
        return interpreter.form.fields.filter { field in
            let body = field.bodyPath.map(ServerFieldMatcher.normalize)
            guard body.count > names.count, Array(body.prefix(names.count)) == names else { return false }
            return interpreter.submitted.isEmpty || interpreter.form.applies(field, values: interpreter.submitted)
        }
    }

    /// A server message cleaned for speech, or nil when it is technical or repeats a secret value.
    private mutating func human(_ raw: String?) -> String? {
        guard var raw else { return nil }
        // pydantic v2 prefixes a validator's own message with its error type.
        for prefix in ["Value error, ", "Assertion failed, "] where raw.hasPrefix(prefix) {
            raw.removeFirst(prefix.count)
        }
        guard let text = ServerText.human(raw) else { return nil }
        // Checked before cleaning too: cleaning turns markup and escapes inside a quoted secret into spaces, and
        // what is left of the secret ("Value Sk9… x is wrong") no longer contains it whole.
        if repeatsSecret(raw) || repeatsSecret(text) {
            notes.append("a server message repeated a secret value; not shown")
            return nil
        }
        return Self.terminated(text)
    }

    /// Whether `text` holds a secret the redactor knows, in any encoding or case, or cut short.
    private func repeatsSecret(_ text: String) -> Bool {
        interpreter.redactor.reveals(text)
    }

    /// Whether a server path holds a secret: as read, or as the server wrote it. Reading drops the quotes,
    /// brackets and dots of a name, and what is left of a cut secret may be too short to be found, while the names
    /// as sent, each alone or run together, still hold it.
    private func revealsSecret(_ path: ServerPath) -> Bool {
        repeatsSecret(path.description) || path.sources.contains(where: repeatsSecret)
            || (path.sources.count > 1 && repeatsSecret(path.sources.joined()))
    }

    /// A path for the technical log: as read, unless it holds a secret.
    private func described(_ path: ServerPath) -> String {
        revealsSecret(path) ? "(a name that repeats a secret value)" : path.description
    }

    private func humanSummary(_ decoded: DecodedServerReply) -> String? {
        decoded.summaries.lazy.filter { !repeatsSecret($0) }.compactMap { ServerText.human($0) }.first.flatMap {
            text in repeatsSecret(text) ? nil : Self.terminated(text)
        }
    }

    // MARK: - Text helpers

    private static func isEnvelopeName(_ name: String) -> Bool {
        ServerPath.envelopeNames.contains(name.lowercased()) || ServerErrorDecoder.formLevelKeys.contains(name)
    }

    /// A server path said as words: `billing_address.postCode` → "billing address post code".
    static func spokenName(_ path: ServerPath) -> String {
        let words = path.withoutEnvelope.names.map { name in
            var words = ""
            var previous: Character?
            for character in name {
                if character == "_" || character == "-" {
                    words.append(" ")
                } else {
                    if character.isUppercase, let previous, previous.isLowercase { words.append(" ") }
                    words.append(character)
                }
                previous = character
            }
            return words.lowercased()
        }.joined(separator: " ")
        // The name comes from the server: cleaned like any server text, and short, since it only says where.
        let clean = ServerText.sanitize(words)
        return clean.count > maximumNameLength ? String(clean.prefix(maximumNameLength)) + "…" : clean
    }

    /// The longest field name said for an error on a field the form does not have.
    static let maximumNameLength = 60

    /// The text ending in sentence punctuation, so sentences joined for speech stay separate.
    package static func terminated(_ text: String) -> String {
        guard let last = text.last, !".!?…".contains(last) else { return text }
        return text + "."
    }

    /// Sentences joined with spaces, empty and repeated ones dropped.
    static func sentences(_ parts: [String?]) -> String {
        var seen: [String] = []
        for part in parts.compactMap({ $0 }) where !part.isEmpty && !seen.contains(part) { seen.append(part) }
        return seen.joined(separator: " ")
    }
}

// MARK: - Items of lists and groups

extension ReplyReading {
    /// A group's member errors in item order, and within an item in the order its members are asked.
    static func inOrder(_ members: [FieldError.Member], of field: Field) -> [FieldError.Member] {
        let order = Dictionary(
            field.members.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return members.sorted { ($0.item, order[$0.memberID] ?? 0) < ($1.item, order[$1.memberID] ?? 0) }
    }

    /// "Valor 2: …" for a list; "Invitado 2, correo: …" for a group.
    func itemMessage(_ message: String, at place: ServerFieldMatcher.ItemPlace, in field: Field) -> String {
        guard field.kind == .group else {
            return localizer.text("server.field.item", ["position": String(place.index + 1), "message": message])
        }
        let title = localizer.text(
            "form.group.item", ["item": GroupWording.itemName(field), "number": String(place.index + 1)])
        guard let member = place.memberID.flatMap({ id in field.members.first { $0.id == id } }) else {
            return localizer.text("server.field.groupItem", ["item": title, "message": message])
        }
        return localizer.text(
            "server.field.groupMember", ["item": title, "label": member.label, "message": message])
    }
}
