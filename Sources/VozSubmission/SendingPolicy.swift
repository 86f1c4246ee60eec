import Foundation
import VozForm
import VozLocalization
import VozReplies
import VozSupport

/// The rules no send breaks, however the session was wired: `voz`, a tool built on VozKit, or a test.
///
/// They live here, where every send passes, and not in the command line: a tool built on the library once sent
/// passwords in the clear without a word, because the refusal was `voz`'s alone.
///
/// - Secrets (passwords, card data, one-time codes) never go over plain HTTP to another machine: anyone on the way
///   could read them. Plain HTTP to this machine never leaves it. The one way around it is the named opt-out,
///   `allowingSecretsOverPlainHTTP`, which `voz --allow-insecure` sets.
/// - No header value holds a line break or another control character, which could add headers of its own.
/// - No path of a request has a dot segment (`.` or `..`), which would send it to another endpoint; values a
///   person typed are percent-encoded by `Form.requestURL` already, so this is the last guard.
public struct SendingPolicy: Sendable, Equatable {
    /// Whether secrets may go over plain HTTP to another machine.
    public var allowsSecretsOverPlainHTTP: Bool
    /// Whether no send may reach this machine or a private network, judged by the address connected to: set for
    /// the form of a description read from another host unless the person passed `--allow-local-target`.
    public var refusesLocalAddresses = false

    /// A policy that keeps every rule, or lets secrets over plain HTTP when told; prefer `standard` and
    /// `allowingSecretsOverPlainHTTP`, which say so by name.
    public init(allowsSecretsOverPlainHTTP: Bool = false) {
        self.allowsSecretsOverPlainHTTP = allowsSecretsOverPlainHTTP
    }

    /// Every rule kept.
    public static let standard = SendingPolicy()

    /// Every rule kept but one: secrets may cross a network in clear text. For a person who accepts that risk,
    /// by name (`voz --allow-insecure`), never as a default.
    public static let allowingSecretsOverPlainHTTP = SendingPolicy(allowsSecretsOverPlainHTTP: true)

    /// Why a form or a request may not be sent.
    public enum Violation: Error, Sendable, Equatable, CustomStringConvertible {
        /// The form asks for secrets and sends them over plain HTTP to another machine.
        case secretsOverPlainHTTP(host: String, fields: [String])
        /// A header's value holds a line break or another control character.
        case unsafeHeader(name: String)
        /// The request's path has a `.` or `..` segment.
        case dotSegment(path: String)

        /// The refusal in a few English words, for logs.
        public var description: String {
            switch self {
            case .secretsOverPlainHTTP(let host, let fields):
                return "refused: \(fields.joined(separator: ", ")) over plain HTTP to \(host)"
            case .unsafeHeader(let name): return "refused: the header \(name) holds a control character"
            case .dotSegment(let path): return "refused: the path \(path) has a dot segment"
            }
        }

        /// The refusal in the user's language, naming the host tool: Voz's option, or nothing a user can change.
        public func message(_ localizer: Localizer) -> String {
            switch self {
            case .secretsOverPlainHTTP(let host, let fields):
                return localizer.text(
                    "transport.insecure", ["fields": OptionWording.list(fields, localizer), "host": host])
            case .unsafeHeader(let name):
                return localizer.text("submission.refused.unsafeHeader", ["header": name])
            case .dotSegment:
                return localizer.text("submission.refused.dotSegment")
            }
        }
    }

    // MARK: - Checking

    /// What is wrong with sending `form` at all, before anything is typed: its secrets and where it sends them,
    /// and its headers. Nil when it may be sent.
    public func check(_ form: Form) -> Violation? {
        secretsViolation(form, url: form.submit.url) ?? headerViolation(form.submit.headers)
    }

    /// What is wrong with one request of `form`, just before it leaves; nil when it may leave.
    public func check(_ request: SubmissionRequest, of form: Form) -> Violation? {
        if let violation = secretsViolation(form, url: request.url) ?? headerViolation(request.headers) {
            return violation
        }
        let path = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            return .dotSegment(path: path)
        }
        return nil
    }

    /// The rules every redirect of `form`'s requests is judged by in the transport, which cannot see the form:
    /// the same secrets and the same opt-out as the first address.
    public func transitRules(for form: Form) -> TransitRules {
        TransitRules(
            secretFields: form.fields.filter(\.isSensitive).map(\.label),
            allowsCleartext: allowsSecretsOverPlainHTTP, refusesLocalAddresses: refusesLocalAddresses)
    }

    private func secretsViolation(_ form: Form, url: URL) -> Violation? {
        guard !allowsSecretsOverPlainHTTP, TransportPolicy.isCleartext(url) else { return nil }
        // Card data and one-time codes cross a network no more safely than a password does.
        let secrets = form.fields.filter(\.isSensitive).map(\.label)
        return secrets.isEmpty ? nil : .secretsOverPlainHTTP(host: url.host ?? "", fields: secrets)
    }

    private func headerViolation(_ headers: [HTTPHeader]) -> Violation? {
        for header in headers {
            let name = header.name.isEmpty ? "?" : header.name
            // A header still waiting for its environment variable has no value yet; its name is checked all the same.
            if AnswerText.hasControlCharacters(header.name, allowLineBreaks: false)
                || AnswerText.hasControlCharacters(header.value, allowLineBreaks: false)
                || header.name.contains(":")
            {
                return .unsafeHeader(name: TextSanitizer.printable(name))
            }
        }
        return nil
    }
}
