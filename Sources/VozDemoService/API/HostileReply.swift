import Foundation
import VozForm
import VozJSON

/// The reply a `HostileMode` sends instead of processing the request.
enum HostileReply {
    /// How the reply goes out: whole, or a head followed by a body that never ends.
    enum Delivery: Sendable, Equatable {
        case whole(HTTPResponse)
        /// The head is sent, then `prefix`, then one space every `intervalSeconds` until the client or the service
        /// gives up.
        case drip(HTTPResponse, prefix: String, intervalSeconds: Double)
    }

    /// The reply for `mode`; `request` is read only by the modes that echo what was sent, `firstPassword` (the
    /// first one the service was sent) only by the mode that repeats it.
    static func delivery(for mode: HostileMode, request: HTTPRequest, firstPassword: String = "") -> Delivery {
        switch mode {
        case .html502:
            return .whole(NginxPage.badGateway())
        case .invalidJSON200:
            return .whole(json(status: 200, body: Data("{\"id\": \"acc_7f3a\", \"email\": \"ana@example.com\", ".utf8)))
        case .hugeBody:
            let padding = String(repeating: "A", count: 10 * 1024 * 1024)
            return .whole(json(status: 200, body: Data("{\"id\":\"acc_huge\",\"padding\":\"\(padding)\"}".utf8)))
        case .slowDrip:
            let head = HTTPResponse(status: 200, headers: [HTTPHeader(name: "Content-Type", value: "application/json")])
            return .drip(head, prefix: "{\"id\": \"acc_drip\", \"note\": \"", intervalSeconds: 0.2)
        case .escapes:
            return .whole(
                problem(
                    title: "Invalid\u{1B}[2J request\u{1B}]0;pwned\u{07}", detail: escapesDetail,
                    errors: [
                        (
                            "email",
                            "\u{1B}]0;owned title\u{07}The e-mail\u{08}\u{08}\u{08} is wrong"
                                + "\u{202E}txet desrever\u{202C}"
                        ),
                        ("name", "\u{00}\u{07}Bell\r\nInjected line\u{0B}\u{0C}\u{1B}[31mred\u{1B}[0m"),
                        ("password", "\u{1B}[?1049h\u{9B}2J hidden \u{200F}\u{2066}isolate\u{2069} \u{7F}"),
                    ]))
        case .ssml:
            return .whole(
                problem(
                    title: "<speak><prosody rate=\"x-slow\">Invalid request</prosody></speak>",
                    detail: "<prosody rate=\"x-slow\" volume=\"x-loud\">Please wait</prosody><break time=\"10s\"/>",
                    errors: [
                        ("email", "<prosody rate=\"x-slow\">This e-mail is wrong</prosody>"),
                        (
                            "name",
                            "<audio src=\"http://evil.example/a.wav\"/>"
                                + "<say-as interpret-as=\"characters\">Name</say-as>"
                        ),
                        ("password", "<phoneme alphabet=\"ipa\" ph=\"pwned\">password</phoneme> &lt;break/&gt;"),
                    ]))
        case .longMessage:
            let sentence = "This e-mail address cannot be used for reasons that take a very long time to explain. "
            let long = String(String(repeating: sentence, count: 60 * 1024 / sentence.count + 1).prefix(60 * 1024))
            return .whole(problem(title: "Your request is not valid.", detail: long, errors: [("email", long)]))
        case .manyErrors:
            let fields = ["name", "email", "password", "coupon", "terms"]
            let errors = (0..<5_000).map { index in
                (index % 2 == 0 ? fields[index / 2 % fields.count] : "field\(index)", "Error number \(index).")
            }
            return .whole(problem(title: "Your request is not valid.", detail: "5000 errors.", errors: errors))
        case .unknownFields:
            return .whole(
                problem(
                    title: "Your request is not valid.", detail: "Some fields need correcting.",
                    errors: [
                        ("billing/iban", "The IBAN is not valid."),
                        ("favourite_colour", "Choose a colour."),
                        ("data/attributes/zzz", "This value is not allowed."),
                    ]))
        case .echoSecret:
            return .whole(echoedPassword(request))
        case .echoFirstSecret:
            let error = JSONNode.object([
                ("type", .string("value_error")),
                ("loc", .array([.string("body"), .string("password")])),
                ("msg", .string("Value error, \(firstPassword) was your previous password, choose another one")),
                ("input", .string(firstPassword)),
            ])
            return .whole(json(status: 422, body: JSONNode.object([("detail", .array([error]))]).data))
        }
    }

    /// What FastAPI sends when a pydantic validator rejects a password: the value comes back in `input`, and a
    /// careless validator quotes it in `msg` too.
    private static func echoedPassword(_ request: HTTPRequest) -> HTTPResponse {
        let password = self.password(in: request)
        let error = JSONNode.object([
            ("type", .string("value_error")),
            ("loc", .array([.string("body"), .string("password")])),
            ("msg", .string("Value error, the password '\(password)' appears in a list of leaked passwords")),
            ("input", .string(password)),
            ("ctx", .object([("error", .object([]))])),
        ])
        return json(status: 422, body: JSONNode.object([("detail", .array([error]))]).data)
    }

    /// The `password` member of a request's body, or empty.
    static func password(in request: HTTPRequest) -> String {
        let body = (try? RequestBody.decode(request).get()) ?? .object([])
        return body["password"]?.string ?? ""
    }

    private static let escapesDetail =
        "\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}Clipboard\u{1B}[2J\u{1B}[H cleared \u{1B}P+q\u{1B}\\ "
        + "\u{1B}]8;;http://evil.example\u{1B}\\link"

    // MARK: - Building

    private static func json(status: Int, body: Data) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: body)
    }

    private static func problem(title: String, detail: String, errors: [(String, String)]) -> HTTPResponse {
        let problem = ProblemDetails(
            .validation, title: title, status: 422, detail: detail,
            errors: errors.map { ProblemDetails.FieldError(pointer: "#/" + $0.0, detail: $0.1) })
        return problem.response(language: .en)
    }
}
