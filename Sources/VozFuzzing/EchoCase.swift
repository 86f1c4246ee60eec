import Foundation
import VozTestSupport

/// One echo for the `echoes` target: a password typed into a form and an API key it sends from the environment,
/// and a server's reply that quotes one of them back in some encoding, in some shape.
///
/// The encodings are the fuzzer's own, written the way servers write them, not taken from Voz: as typed,
/// JSON-escaped (Foundation's, Python's `ensure_ascii`, Go's HTML-safe), percent- and form-encoded, HTML-escaped,
/// upper- or lower-cased, reversed, base64 (standard or URL-safe, padded or not, or inside a Basic credential), hex,
/// every byte percent-encoded, every character an HTML entity, case swapped, fullwidth, and any of them cut short to
/// 8 or more characters; or the card typed in a plain field, spelled in other digits or parted otherwise.
/// `fragments` is what must never come back out: the quoted copy as the server wrote it and as a reader decodes it.
public struct EchoCase: StoredFuzzCase, Sendable, Equatable {
    public var password: String
    /// The environment header's value: a key alone, or a scheme and a token.
    public var apiKey: String
    /// A card number as typed in the form's plain note field; nil in cases stored before it (the note is skipped).
    public var card: String?
    public var status: Int
    public var headers: [[String]]
    public var body: String
    public var encoding: String
    public var shape: String
    public var fragments: [String]

    static let encodings =
        [
            "typed", "json", "json-ascii", "json-html", "percent", "form", "html", "upper", "lower", "reversed",
            "base64", "base64-nopad", "base64url", "base64url-nopad", "basic", "hex", "percent-all", "entities",
            "entities-hex", "swapcase", "fullwidth",
        ] + cardEncodings
    static let shapes = [
        "errors-member", "pydantic", "message", "member-name", "plain", "html-page", "form-body", "header", "success",
        "detail-list",
    ]
    static let alphabet = Array(
        "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#$%&*+-./;<=>?@[]^_{|}~\"'\\ ñé€😀")

    public static func make(_ random: inout SeededGenerator) -> EchoCase {
        var password = ""
        for index in 0..<Int.random(in: 10...28, using: &random) {
            var character = random.pick(alphabet)
            // A line is trimmed and a leading colon is a command: the password keeps letters at its ends.
            if index == 0 || character == " " && index > 0 && random.chance(1, in: 2) {
                character = random.pick(Array("KmQx7Rt"))
            }
            password.append(character)
        }
        if password.hasSuffix(" ") { password += "Z" }
        let token = (0..<Int.random(in: 12...24, using: &random)).map { _ in random.pick(Array("abcdef0123456789XYZ")) }
        let apiKey = random.pick(["sk_live_", "Bearer ", "", "Token tok-"]) + String(token)
        let card = makeCard(&random)
        let encoding = random.pick(encodings)
        let quotesKey = random.chance(1, in: 3)
        var secret = quotesKey ? (apiKey.split(separator: " ").last.map(String.init) ?? apiKey) : password
        if cardEncodings.contains(encoding) {
            secret = card.typed
        } else if random.chance(1, in: 4), secret.count > 9 {
            secret = String(secret.prefix(Int.random(in: 8..<secret.count, using: &random)))
        }
        let quoted = encode(secret, as: encoding)
        let shape = random.pick(shapes)
        let (body, headers) = reply(quoting: quoted, encoding: encoding, shape: shape, &random)
        let statuses = shape == "success" ? [200, 201] : [400, 401, 403, 409, 422, 422, 500]
        var fragments = [quoted, secret, EchoCase.humanised(secret)].filter { $0.count >= 8 }
        for whole in [password, apiKey, card.typed, card.digits] where !fragments.contains(whole) {
            fragments.append(whole)
        }
        return EchoCase(
            password: password, apiKey: apiKey, card: card.typed, status: random.pick(statuses), headers: headers,
            body: body, encoding: encoding, shape: shape, fragments: fragments)
    }

    /// The reply's body and headers, `quoted` inside as the shape puts it; JSON shapes hold it as a JSON string
    /// (already one for the JSON encodings).
    static func reply(
        quoting quoted: String, encoding: String, shape: String, _ random: inout SeededGenerator
    ) -> (String, [[String]]) {
        let inJSON = encoding.hasPrefix("json") ? quoted : jsonInner(quoted)
        let field = random.pick(["password", "contrasena", "api_key", "token", "credentials"])
        let json = [["Content-Type", "application/json"]]
        switch shape {
        case "errors-member":
            return (#"{"errors":{"\#(field)":["\#(inJSON) is too weak"]}}"#, json)
        case "pydantic":
            return (#"{"detail":[{"loc":["body","\#(field)"],"msg":"bad","input":"\#(inJSON)"}]}"#, json)
        case "message":
            return (#"{"message":"Invalid value: \#(inJSON)"}"#, json)
        case "member-name":
            return (#"{"errors":{"\#(inJSON)":["not allowed"]}}"#, json)
        case "detail-list":
            return (#"{"errors":[{"field":"name","message":"\#(inJSON) not accepted"}]}"#, json)
        case "success":
            return (#"{"id":7,"message":"Welcome \#(inJSON)"}"#, json)
        case "html-page":
            return (
                "<html><body><h1>Error</h1><p>Bad value <b>\(quoted)</b></p></body></html>",
                [["Content-Type", "text/html"]]
            )
        case "form-body":
            return ("error=invalid&value=\(quoted)", [["Content-Type", "application/x-www-form-urlencoded"]])
        case "header":
            return (
                "{}", json + [["X-Debug", "received \(quoted)"], ["WWW-Authenticate", "Bearer error=\"\(quoted)\""]]
            )
        default:
            return ("Invalid credentials: \(quoted)", [["Content-Type", "text/plain"]])
        }
    }

    init(
        password: String, apiKey: String, card: String? = nil, status: Int, headers: [[String]], body: String,
        encoding: String, shape: String, fragments: [String]
    ) {
        self.password = password
        self.apiKey = apiKey
        self.card = card
        self.status = status
        self.headers = headers
        self.body = body
        self.encoding = encoding
        self.shape = shape
        self.fragments = fragments
    }
}
