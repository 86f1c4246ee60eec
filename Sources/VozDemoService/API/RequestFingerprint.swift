/// The fingerprint that tells "the same request again" from "another request with a reused key".
///
/// SHA-256 over the method, the path and the canonical body (RequestBody.canonical), in hexadecimal.
enum RequestFingerprint {
    static func of(_ request: HTTPRequest) -> String {
        let prefix = Array("\(request.method) \(request.path)\n".utf8)
        return SHA256.hexDigest(prefix + RequestBody.canonical(request))
    }
}
