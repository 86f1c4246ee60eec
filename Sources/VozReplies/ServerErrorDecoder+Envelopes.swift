import Foundation
import VozJSON

// The formats with an envelope of their own: GraphQL, Stripe, Google APIs and Zod's `flatten()`.
extension ServerErrorDecoder {
    // MARK: - GraphQL

    /// A GraphQL response: `data` and/or an `errors` list of objects with `message`.
    static func isGraphQL(_ root: JSONNode) -> Bool {
        if let errors = root["errors"]?.array, !errors.isEmpty,
            errors.allSatisfy({ $0["message"]?.string != nil }),
            root["data"] != nil || errors.contains(where: { $0["extensions"] != nil || $0["locations"] != nil })
        {
            return true
        }
        return root["data"]?.members?.contains { !userErrors(in: $0.value).isEmpty } ?? false
    }

    /// GraphQL `errors[]` (the field named by `extensions`) and mutation payloads' `userErrors` (Shopify and
    /// others: `data.customerCreate.userErrors[{field: ["input", "email"], message}]`).
    static func graphQL(_ root: JSONNode) -> DecodedServerReply {
        var reply = DecodedServerReply(format: "graphql")
        reply.declaresErrors = true
        for error in root["errors"]?.array ?? [] {
            let extensions = error["extensions"]
            // `path` of a GraphQL error is where in the *response* it happened, so only `extensions` name a field.
            let path =
                ["field", "argumentName", "fieldName", "argument"].lazy
                .compactMap { extensions?[$0].flatMap { ServerPath(json: $0) } }.first
                ?? extensions?["invalidArgs"]?.array?.first.flatMap { ServerPath(json: $0) }
            let code = (extensions?["code"] ?? extensions?["classification"])?.scalarText
            if let code { reply.codes.append(code) }
            reply.items.append(ServerErrorItem(path: path, message: error["message"]?.string, code: code))
        }
        for payload in root["data"]?.members ?? [] {
            for error in userErrors(in: payload.value) {
                if let item = item(error) {
                    if let code = item.code { reply.codes.append(code) }
                    reply.items.append(item)
                }
            }
        }
        return reply
    }

    /// The `userErrors` (or `customerUserErrors`, `errors`) lists of one mutation payload.
    private static func userErrors(in payload: JSONNode) -> [JSONNode] {
        guard let members = payload.members else { return [] }
        return members.filter { $0.key.lowercased().hasSuffix("errors") }.flatMap { $0.value.array ?? [] }
    }

    // MARK: - Stripe

    /// `{"error": {"type", "code", "param", "message"}}`; `param` uses Stripe's bracket form (`address[city]`).
    static func stripe(_ error: JSONNode) -> DecodedServerReply {
        var reply = DecodedServerReply(format: "stripe")
        reply.declaresErrors = true
        reply.codes = ["type", "code", "decline_code"].compactMap { error[$0]?.string }
        let path = error["param"]?.string.flatMap { $0.isEmpty ? nil : ServerPath($0) }
        var item = ServerErrorItem(path: path, message: error["message"]?.string, code: error["code"]?.string)
        // A declined or invalid card names no `param`, but it is about the card all the same.
        if path == nil, error["type"]?.string == "card_error" { item.topic = .paymentCard }
        reply.items = [item]
        return reply
    }

    // MARK: - Google

    /// `{"error": {code, message, status, details: [BadRequest, LocalizedMessage, RetryInfo, ErrorInfo]}}`.
    static func google(_ error: JSONNode) -> DecodedServerReply {
        var reply = DecodedServerReply(format: "google")
        reply.declaresErrors = true
        if let status = error["status"]?.string { reply.codes.append(status) }
        for detail in error["details"]?.array ?? [] {
            let type = detail["@type"]?.string ?? ""
            if type.hasSuffix("google.rpc.BadRequest") {
                reply.items += (detail["fieldViolations"]?.array ?? []).compactMap(item)
            } else if type.hasSuffix("google.rpc.LocalizedMessage"), let message = detail["message"]?.string {
                reply.summaries.append(message)
            } else if type.hasSuffix("google.rpc.RetryInfo") {
                reply.retryDelaySeconds = duration(detail["retryDelay"])
            } else if type.hasSuffix("google.rpc.ErrorInfo"), let reason = detail["reason"]?.string {
                reply.codes.append(reason)
            }
        }
        if let message = error["message"]?.string { reply.summaries.append(message) }
        return reply
    }

    /// A protobuf `Duration` in JSON: `"7s"`, `"1.5s"`, or `{"seconds": 7, "nanos": 0}`.
    private static func duration(_ json: JSONNode?) -> Double? {
        // Checked here, since `Double` also reads `inf` and `nan`: a wait is a finite, non-negative number.
        var seconds: Double?
        if let text = json?.string, text.hasSuffix("s"),
            text.dropLast().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
        {
            seconds = Double(text.dropLast())
        } else if let whole = json?["seconds"]?.scalarText.flatMap(Double.init) {
            seconds = whole + (json?["nanos"]?.double ?? 0) / 1e9
        }
        guard let seconds, seconds.isFinite, seconds >= 0 else { return nil }
        return seconds
    }

    // MARK: - Zod

    /// Zod 4's `z.treeifyError()`: `{errors: [..], properties: {name: {errors, properties, items}}, items: [..]}`.
    static func isZodTree(_ node: JSONNode) -> Bool {
        guard node["errors"]?.array?.allSatisfy({ $0.string != nil }) == true else { return false }
        return node["properties"]?.members != nil || node["items"]?.array != nil
    }

    static func zodTree(_ root: JSONNode) -> DecodedServerReply {
        var reply = DecodedServerReply(format: "zod tree")
        reply.declaresErrors = true
        reply.items = zodTreeItems(root, prefix: [], depth: 0)
        return reply
    }

    private static func zodTreeItems(_ node: JSONNode, prefix: [ServerPath.Segment], depth: Int) -> [ServerErrorItem] {
        guard depth < 64 else { return [] }
        let path = prefix.isEmpty ? nil : ServerPath(segments: prefix)
        var items = (node["errors"]?.array ?? []).compactMap { message in
            message.string.map { ServerErrorItem(path: path, message: $0) }
        }
        for member in node["properties"]?.members ?? [] {
            let (key, child) = (member.key, member.value)
            items += zodTreeItems(child, prefix: prefix + [.name(key)], depth: depth + 1)
        }
        // An element without errors is `undefined` in the tree, `null` once sent as JSON.
        for (index, child) in (node["items"]?.array ?? []).enumerated() where child.members != nil {
            items += zodTreeItems(child, prefix: prefix + [.index(index)], depth: depth + 1)
        }
        return items
    }

    /// Zod's `error.flatten()`: `{formErrors: [..], fieldErrors: {field: [..]}}`.
    static func zod(_ flattened: JSONNode) -> DecodedServerReply {
        var reply = DecodedServerReply(format: "zod")
        reply.declaresErrors = true
        for message in flattened["formErrors"]?.array ?? [] {
            if let text = message.string { reply.items.append(ServerErrorItem(path: nil, message: text)) }
        }
        if let fieldErrors = flattened["fieldErrors"] {
            reply.items += fieldMap(fieldErrors, prefix: [])
        }
        return reply
    }
}
