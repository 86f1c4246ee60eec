import Foundation
import VozJSON

/// One error a server reported: where (a path, or nil for the whole form) and what (its raw message).
struct ServerErrorItem: Sendable, Equatable {
    var path: ServerPath?
    /// The server's text as sent; judged and cleaned later, never shown raw.
    var message: String?
    var code: String?
    /// What the error is about when it names no field but says what kind of thing it concerns.
    var topic: Topic?

    enum Topic: Sendable, Equatable {
        /// A payment card error (Stripe's `card_error` without `param`): it belongs to the form's card field.
        case paymentCard
    }
}

/// What a reply body says, read into one shape whatever the framework that wrote it.
struct DecodedServerReply: Sendable, Equatable {
    /// The format recognised, for the technical log (`problem+json`, `graphql`, `stripe`, …).
    var format: String
    /// Errors about fields or about the whole form.
    var items: [ServerErrorItem] = []
    /// Overall sentences (`title`, `detail`, `message`), best first; used only when no item says more.
    var summaries: [String] = []
    /// Machine codes and types (`idempotency_key_in_use`, `INVALID_ARGUMENT`, problem `type` URIs).
    var codes: [String] = []
    /// A retry delay given in the body (Google's `RetryInfo`).
    var retryDelaySeconds: Double?
    /// The id of what a successful reply created, when it names one.
    var reference: String?
    /// Whether the body says in so many words that the request failed (an `errors` member, a GraphQL or
    /// Stripe error): only then does a 2xx reply count as a failure.
    var declaresErrors = false

    init(format: String) {
        self.format = format
    }
}

/// Reads a parsed reply body in any of the formats of design §6.
///
/// Envelopes with a distinctive shape are recognised first (GraphQL, Stripe, Google, Zod's `flatten()`); every
/// other body goes through one generic reader, because problem details, ASP.NET, Spring, Rails, Laravel, Django
/// REST framework, FastAPI, JSON:API and express-validator differ mostly in which member names they use.
enum ServerErrorDecoder {
    /// - Parameter formNames: the form's field ids and server names, folded (`ServerFieldMatcher.normalize`): a
    ///   top-level key that is one of them is a field, even when it is also an envelope word (`body`, `detail`).
    static func decode(_ json: JSONNode, formNames: Set<String> = []) -> DecodedServerReply {
        switch json.value {
        case .array(let elements) where isItemList(elements):
            // Django REST framework's `many=True`: one entry a submitted item, `{}` for the valid ones.
            var reply = DecodedServerReply(format: "per-item field maps")
            reply.declaresErrors = true
            for (index, element) in elements.enumerated() {
                reply.items += fieldMap(element, prefix: [.index(index)])
            }
            return reply
        case .array(let elements):
            var reply = DecodedServerReply(format: "array")
            // A bare array is an error list only when its objects carry messages (Zod's `issues`, Rails'
            // `full_messages`); otherwise it is data, such as a created record list.
            for element in elements {
                if let text = element.string {
                    reply.items.append(ServerErrorItem(path: nil, message: text))
                } else if let item = item(element), item.message != nil {
                    reply.items.append(item)
                }
            }
            return reply
        case .object:
            var reply = decodeObject(json, formNames: formNames)
            reply.reference = reference(in: json)
            return reply
        case .string(let text):
            var reply = DecodedServerReply(format: "string")
            reply.summaries = [text]
            return reply
        default:
            return DecodedServerReply(format: "scalar")
        }
    }

    private static func decodeObject(_ root: JSONNode, formNames: Set<String>) -> DecodedServerReply {
        // The form's own names win over envelope guessing: `{"detail": ["…"]}` for a field called `detail`.
        if !formNames.isEmpty, isFieldMap(root),
            root.members?.contains(where: { formNames.contains(ServerFieldMatcher.normalize($0.key)) }) == true
        {
            var reply = DecodedServerReply(format: "field map")
            reply.items = fieldMap(root, prefix: [])
            return reply
        }
        if isGraphQL(root) { return graphQL(root) }
        if let error = root["error"], error.members != nil {
            if error["details"] != nil || (error["code"]?.number != nil && error["status"]?.string != nil) {
                return google(error)
            }
            if error["type"]?.string != nil || error["param"] != nil || error["code"]?.string != nil {
                return stripe(error)
            }
        }
        for candidate in [root, root["error"], root["errors"], root["details"]].compactMap({ $0 }) {
            if candidate["fieldErrors"]?.members != nil || candidate["formErrors"]?.array != nil {
                return zod(candidate)
            }
            if isZodTree(candidate) { return zodTree(candidate) }
        }
        return generic(root)
    }

    // MARK: - Generic (problem details and framework bodies)

    /// Member names whose arrays hold error objects.
    private static let itemArrayKeys = [
        "invalid-params", "invalid_params", "invalidParams", "errors", "detail", "details", "fieldErrors",
        "field_errors", "violations", "validationErrors", "validation_errors",
    ]

    /// Member names whose strings are overall sentences, best first.
    private static let summaryKeys = ["detail", "message", "title", "error_description", "errorMessage", "error"]

    private static func generic(_ root: JSONNode) -> DecodedServerReply {
        var reply = DecodedServerReply(format: format(of: root))
        var recognised = false
        for key in itemArrayKeys {
            guard let value = root.member(caseInsensitive: key) else { continue }
            switch value.value {
            case .array(let elements):
                recognised = true
                if key.lowercased() == "errors", !elements.isEmpty { reply.declaresErrors = true }
                for element in elements {
                    if case .string(let text) = element.value {
                        reply.items.append(ServerErrorItem(path: nil, message: text))
                    } else if let item = item(element) {
                        reply.items.append(item)
                    }
                }
            case .object where key.lowercased() == "errors":
                recognised = true
                reply.items += fieldMap(value, prefix: [])
                reply.declaresErrors = !value.isEmpty
            case .string(let text) where key.lowercased() == "errors":
                recognised = true
                reply.declaresErrors = true
                reply.items.append(ServerErrorItem(path: nil, message: text))
            default:
                break
            }
        }
        for key in summaryKeys {
            if let text = root.member(caseInsensitive: key)?.string {
                recognised = true
                reply.summaries.append(text)
            }
        }
        for key in ["type", "code", "status", "error_code", "errorCode"] {
            if let code = root[key]?.scalarText { reply.codes.append(code) }
        }
        if !recognised, isFieldMap(root) {
            // Django REST framework and Rails' `render json: record.errors` put the fields at the top level.
            reply.format = "field map"
            reply.items = fieldMap(root, prefix: [])
        }
        return reply
    }

    private static func format(of root: JSONNode) -> String {
        if root["traceId"] != nil, root["errors"]?.members != nil { return "asp.net" }
        if root["timestamp"] != nil, root["path"] != nil { return "spring" }
        if root["jsonapi"] != nil { return "json:api" }
        if root["type"] != nil || root["title"] != nil { return "problem details" }
        if root["detail"]?.array != nil { return "pydantic" }
        return "json"
    }

    // MARK: - Error objects

    /// Member names that say where an error is, most specific first.
    private static let pathKeys = [
        "pointer", "loc", "path", "param", "field", "property", "propertyPath", "attribute", "parameter", "name",
    ]

    /// Path members that may be arrays: pydantic's `loc`, Zod's `path`, GraphQL user errors' `field`.
    private static let arrayPathKeys: Set<String> = ["loc", "path", "field"]

    /// Member names that carry the human message, best first.
    private static let messageKeys = [
        "detail", "msg", "message", "defaultMessage", "reason", "description", "title", "error",
    ]

    /// Reads one error object of any framework (`{pointer, detail}`, `{loc, msg}`, `{path, msg}`,
    /// `{field, defaultMessage}`, `{source: {pointer}, detail}`, `{field, description}`, `{name, reason}`).
    static func item(_ json: JSONNode) -> ServerErrorItem? {
        guard json.members != nil else { return nil }
        var path: ServerPath?
        if let source = json["source"] {
            path = (source["pointer"] ?? source["parameter"]).flatMap { ServerPath(json: $0) }
        }
        if path == nil {
            path =
                pathKeys.lazy.compactMap { key -> ServerPath? in
                    guard let value = json[key] else { return nil }
                    // Only these carry paths as arrays; elsewhere an array is a list of messages (`{"name": [..]}`).
                    if value.array != nil, !arrayPathKeys.contains(key) { return nil }
                    return ServerPath(json: value)
                }.first
        }
        var message = json["localizedMessage"]?["message"]?.string
        if message == nil { message = messageKeys.lazy.compactMap { json[$0]?.string }.first }
        let code = (json["code"] ?? json["type"] ?? json["reason"] ?? json["issue"])?.scalarText
        guard message != nil || path != nil else { return nil }
        return ServerErrorItem(path: path, message: message, code: code)
    }

    // MARK: - Field maps

    /// Whether a bare array is a list of per-item field maps: every entry an object, each empty or a field map,
    /// at least one not empty.
    static func isItemList(_ elements: [JSONNode]) -> Bool {
        elements.contains { !$0.isEmpty }
            && elements.allSatisfy { $0.members != nil && ($0.isEmpty || isFieldMap($0)) }
    }

    /// Keys of a field map that hold errors about the whole form, not one field.
    static let formLevelKeys: Set<String> = ["non_field_errors", "__all__", "base", "_schema", "", "$", "_errors"]

    /// Reads `{field: [messages]}` maps, nested ones (`{address: {city: [..]}}`) and lists of them
    /// (`{items: [{}, {qty: [..]}]}`), as ASP.NET, Rails, Laravel and Django REST framework send them.
    /// `sources` are the member names, as sent, that led to `prefix` (`ServerPath.sources`).
    static func fieldMap(
        _ json: JSONNode, prefix: [ServerPath.Segment], sources: [String] = []
    ) -> [ServerErrorItem] {
        guard let members = json.members else { return [] }
        var items: [ServerErrorItem] = []
        for member in members {
            let (key, value) = (member.key, member.value)
            // At the top, `non_field_errors` is about the form; inside an item (`[1].non_field_errors`), the item.
            let formLevel = formLevelKeys.contains(key)
            let path: ServerPath? =
                formLevel
                ? (prefix.isEmpty ? nil : ServerPath(segments: prefix, sources: sources))
                : ServerPath(segments: prefix + ServerPath(key).segments, sources: sources + [key])
            switch value.value {
            case .string(let text):
                items.append(ServerErrorItem(path: path, message: text))
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    switch element.value {
                    case .string(let text):
                        items.append(ServerErrorItem(path: path, message: text))
                    case .object:
                        if var item = item(element) {
                            // `{email: [{message, code}]}`: an error object under a field's key belongs to it.
                            if item.path == nil { item.path = path }
                            items.append(item)
                        } else {
                            items += fieldMap(
                                element, prefix: (path?.segments ?? prefix) + [.index(index)],
                                sources: path?.sources ?? sources)
                        }
                    default:
                        break
                    }
                }
            case .object:
                items += fieldMap(value, prefix: path?.segments ?? prefix, sources: path?.sources ?? sources)
            default:
                break
            }
        }
        return items
    }

    /// Whether every member is a list of messages, or a nested map or list of maps of them.
    static func isFieldMap(_ json: JSONNode) -> Bool {
        guard let members = json.members, !members.isEmpty else { return false }
        return members.allSatisfy { member in
            let value = member.value
            switch value.value {
            case .array(let elements):
                return !elements.isEmpty
                    && elements.allSatisfy { element in
                        if case .string = element.value { return true }
                        return element.members != nil && (element.isEmpty || isFieldMap(element))
                    }
            case .object:
                return isFieldMap(value)
            default:
                return false
            }
        }
    }

    // MARK: - Success

    private static func reference(in root: JSONNode) -> String? {
        let candidates = [root["id"], root["data"]?["id"], root["reference"], root["uuid"]]
        return candidates.lazy.compactMap { $0?.scalarText }.first
    }
}
