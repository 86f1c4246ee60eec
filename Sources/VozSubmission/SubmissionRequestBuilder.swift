import Foundation
import VozForm
import VozLocalization
import VozReplies

/// Builds the HTTP request for one send of a form's values (design §6): the body, and the headers in order.
///
/// The body holds one member per field id, in form order: `confirm` as a boolean, `number` as a number,
/// `multichoice` as a list, everything else as a string; an optional field left empty is omitted.
public struct SubmissionRequestBuilder: Sendable {
    /// The form whose values the requests send, to its `submit` address.
    public let form: Form
    /// The session language, sent as `Accept-Language` so the server's own messages come back in it.
    public let language: Language
    /// The rules the requests' redirects are judged by, as `policy` judges the first address.
    public let transit: TransitRules

    /// A builder for `form`'s requests, asking the server to answer in `language`; their redirects keep the rules
    /// of `policy`.
    public init(form: Form, language: Language, policy: SendingPolicy = .standard) {
        self.form = form
        self.language = language
        self.transit = policy.transitRules(for: form)
    }

    // MARK: - Request

    /// The request that sends `values` under `key`.
    public func request(values: FormValues, key: IdempotencyKey) -> SubmissionRequest {
        let submit = form.submit
        // One encoding of a form's values, shared with everything else that shows a request body.
        let body = RequestBody.make(values: values, form: form)
        return SubmissionRequest(
            url: form.requestURL(values: values),
            method: submit.method,
            headers: headers(contentType: body.contentType, key: key),
            body: body.data,
            timeoutSeconds: submit.timeoutSeconds,
            transit: transit)
    }

    /// The form's headers first; then ours, unless the form set one of the same name; the key header always last.
    func headers(contentType: String, key: IdempotencyKey) -> [HTTPHeader] {
        let keyHeader = form.submit.idempotencyHeader
        var headers = form.submit.headers.filter { !SubmissionRequestBuilder.same($0.name, keyHeader) }
        let defaults = [
            HTTPHeader(name: "Content-Type", value: contentType),
            HTTPHeader(name: "Accept", value: "application/json, application/problem+json"),
            HTTPHeader(name: "Accept-Language", value: acceptLanguage),
        ]
        for header in defaults where !headers.contains(where: { SubmissionRequestBuilder.same($0.name, header.name) }) {
            headers.append(header)
        }
        headers.append(HTTPHeader(name: keyHeader, value: key.value))
        return headers
    }

    /// The form's own locale tag when it is in the session language (it may name a region), else the language.
    var acceptLanguage: String {
        if let locale = form.locale, Language(localeTag: locale) == language {
            return LanguageTag.bcp47(locale)
        }
        return language.rawValue
    }

    private static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.caseInsensitiveCompare(rhs) == .orderedSame
    }
}
