import Foundation

/// The sending rules a transport needs for every hop of one submission after the first: which secrets the body
/// carries, and whether the person let secrets cross a network in clear text.
///
/// `SendingPolicy` judges the address the form names before anything leaves; the transport cannot see the form,
/// so the policy hands it these with the request, and a redirect is judged by the same rules: a 307 or 308 repeats
/// the body, password included, wherever the server says.
public struct TransitRules: Sendable, Equatable {
    /// The labels of the secret fields the body carries, in form order; empty when it carries none.
    public var secretFields: [String]
    /// Whether secrets may cross a network in clear text (`voz --allow-insecure`).
    public var allowsCleartext: Bool
    /// Whether no hop may reach this machine or a private network, by its name or by any address the name
    /// resolves to: the answers of a description read from another host, without `--allow-local-target`.
    public var refusesLocalAddresses: Bool

    /// Rules for a body carrying `secretFields`, which may cross a network in clear text only when
    /// `allowsCleartext`, and reach this machine or a private network only unless `refusesLocalAddresses`.
    public init(secretFields: [String] = [], allowsCleartext: Bool = false, refusesLocalAddresses: Bool = false) {
        self.secretFields = secretFields
        self.allowsCleartext = allowsCleartext
        self.refusesLocalAddresses = refusesLocalAddresses
    }

    /// Why `next`, a redirect of a submission first sent to `origin`, may not be sent; nil when it may. In
    /// English, for the technical log only.
    ///
    /// A body that would cross a network in clear text is refused when it holds secrets, as the first hop is, and
    /// also when the submission began encrypted: answers sent over https are never sent on in the clear. A
    /// redirect that drops the body (a 303, or a 301 or 302 of a POST) carries no answers, and no credentials off
    /// its origin, so it may go.
    package func refusal(of next: CurlRequest, origin: URL, routing: HopRouting) -> String? {
        guard !allowsCleartext, next.body != nil, routing.isCleartext(next.url) else { return nil }
        let target = next.url.absoluteString
        if !secretFields.isEmpty {
            return "refused a redirect that would send \(secretFields.joined(separator: ", ")) over plain HTTP "
                + "to \(target)"
        }
        if origin.scheme?.lowercased() == "https" {
            return "refused a redirect from \(origin.absoluteString) that would send the answers over plain HTTP "
                + "to \(target)"
        }
        return nil
    }
}
