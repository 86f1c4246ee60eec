import Foundation
import VozForm
import VozLocalization
import VozReplies

/// Where a description read from the network sends the answers, when that is not where the description came from.
///
/// Whoever serves a description decides where the answers go and what is sent with them unasked. One fetched from
/// another machine may aim them at a service of this machine or of the local network (a container engine's
/// `POST /containers/create` with `Privileged: true` fixed in the body), which the person never meant to reach. So
/// such a form says where the answers go, and what it sends unasked, before the first question; and one aimed at
/// this machine or a private network is refused unless the person allows it (`--allow-local-target`).
///
/// A description read from a file, or from the host the answers go to (a service describing itself), decides
/// nothing the person did not choose; nor does a target the person names (`--server`, `--url`).
public struct AnswerDestination: Sendable, Equatable {
    /// The host the answers go to, as a person hears it (never the whole address).
    public var host: String
    /// Where that host is.
    public var scope: HostScope
    /// The host the description came from, as a person hears it.
    public var origin: String

    /// The destination of a form built from `description` and sent to `target`, when the description came from
    /// another host; nil for a file, or for a description from the host the answers go to. `scopeOf` judges the
    /// target's host (by default as written, and by what its name resolves to).
    public init?(
        description: SpecDocument, target: String,
        scopeOf: (String) -> HostScope = HostScope.resolving
    ) {
        guard description.isRemote, let targetHost = Self.host(of: target) else { return nil }
        // The address named and the one redirects ended at: a description is the target's own only if both are.
        let origins = [description.url, description.finalURL].compactMap(Self.host(of:))
        guard let foreign = origins.first(where: { !Self.isSameHost($0, targetHost) }) else { return nil }
        host = HostScope.spoken(targetHost)
        scope = scopeOf(targetHost)
        origin = HostScope.spoken(foreign)
    }

    /// Whether the answers go to this machine or a private network: refused unless the person allows it.
    public var needsPermission: Bool { scope.isLocal }

    /// The host of an http(s) address, read by hand: a template's `{id}` in the path makes it no `URL`, and the
    /// target must be judged all the same.
    static func host(of address: String) -> String? {
        guard let scheme = address.range(of: "://") else { return nil }
        let rest = address[scheme.upperBound...]
        var authority = rest.prefix { !"/?#".contains($0) }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[...close]
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
        }
        let name = String(host).removingPercentEncoding ?? String(host)
        return name.isEmpty ? nil : name
    }

    /// Two hosts are one when written alike, or both name this machine (`localhost` and `127.0.0.1`).
    static func isSameHost(_ one: String, _ other: String) -> Bool {
        let (first, second) = (HostScope(host: one), HostScope(host: other))
        if first == .thisMachine && second == .thisMachine { return true }
        return HostScope.spoken(one).lowercased() == HostScope.spoken(other).lowercased()
    }

    // MARK: - Sentences

    /// The refusal, one sentence naming both hosts and the option that allows the send.
    public func refusal(_ localizer: Localizer) -> String {
        let key = scope == .thisMachine ? "openapi.target.thisMachine" : "openapi.target.privateNetwork"
        return localizer.text(key, ["origin": origin, "host": host])
    }

    /// What is said before the first question: where the answers go, then what `form` sends that nobody is asked.
    public func notice(for form: Form, _ localizer: Localizer) -> String {
        var sentences = [localizer.text("openapi.target.notice", ["host": host])]
        let fixed = form.constants.map { constant in
            "\(constant.path.joined(separator: " ")): \(Self.spoken(constant.value, localizer))"
        }
        if !fixed.isEmpty {
            let list = fixed.joined(separator: localizer.text("form.optionSeparator"))
            sentences.append(localizer.text("openapi.target.constants", ["constants": list]))
        }
        return sentences.joined(separator: " ")
    }

    /// A fixed value as it is heard: yes or no for a boolean, else its text, cut short when long.
    private static func spoken(_ value: BodyScalar, _ localizer: Localizer) -> String {
        switch value {
        case .bool(let flag): return localizer.text(flag ? "form.yes" : "form.no")
        default:
            let text = value.text
            return text.count > 80 ? String(text.prefix(80)) + "…" : text
        }
    }
}
