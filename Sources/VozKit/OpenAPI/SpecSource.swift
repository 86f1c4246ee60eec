/// Where a description comes from, for the `voz` commands: a file, or an http(s) address (the API's own
/// `/openapi.json`), with every document its references point into.
///
/// The one place the commands load descriptions, so every command reads them alike: through
/// `URLSessionSpecLoader` (a time limit, a size limit, few redirects, and plain HTTP only to this machine, since a
/// description decides where the answers go).
public enum SpecSource {
    /// How long fetching one document may take.
    public static let timeoutSeconds = 30.0

    /// Whether `location` is an address rather than a file name.
    public static func isAddress(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The description at `location` and the documents it refers to; `allowInsecure` reads plain HTTP from other
    /// machines too.
    public static func load(_ location: String, allowInsecure: Bool = false) async throws(SpecError) -> SpecDocument {
        try await SpecDocument.load(
            location, loader: URLSessionSpecLoader(timeoutSeconds: timeoutSeconds, allowInsecure: allowInsecure))
    }
}
