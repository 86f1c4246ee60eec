/// The hostile replies: what a broken or malicious server can send a client.
public enum HostileMode: String, Sendable, Equatable, CaseIterable {
    /// 502 with nginx's HTML "Bad Gateway" page.
    case html502 = "html502"
    /// 200 OK, `application/json`, and a body that is not JSON.
    case invalidJSON200 = "invalid-json-200"
    /// 200 OK with a 10 MiB JSON body.
    case hugeBody = "huge-body"
    /// Headers, then a body that trickles one byte at a time and never ends.
    case slowDrip = "slow-drip"
    /// A 422 problem whose messages carry terminal escapes (ESC[2J, OSC 52, ESC]0;), other control characters and
    /// bidirectional overrides.
    case escapes = "escapes"
    /// A 422 problem whose messages carry SSML-like markup (`<prosody rate="x-slow">`).
    case ssml = "ssml"
    /// A 422 problem with a 60 KiB field message.
    case longMessage = "long-message"
    /// A 422 problem with thousands of field errors.
    case manyErrors = "many-errors"
    /// A 422 problem whose field errors name fields no form has.
    case unknownFields = "unknown-fields"
    /// A FastAPI/pydantic 422 that echoes the submitted password back, in its `input` member and in its message.
    case echoSecret = "echo-secret"
    /// A FastAPI/pydantic 422 that repeats the first password the service was sent, unquoted in its message,
    /// whatever password later requests carry: a server that caches what it saw first.
    case echoFirstSecret = "echo-first-secret"

    /// Every mode's name, for help and error sentences.
    public static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
