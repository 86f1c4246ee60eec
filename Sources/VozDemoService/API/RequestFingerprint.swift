import CNettle

/// The fingerprint that tells "the same request again" from "another request with a reused key".
///
/// SHA-256 (Nettle's) over the method, the path and the canonical body (RequestBody.canonical), in hexadecimal.
enum RequestFingerprint {
    static func of(_ request: HTTPRequest) -> String {
        let prefix = Array("\(request.method) \(request.path)\n".utf8)
        return hexDigest(prefix + RequestBody.canonical(request))
    }

    static func hexDigest(_ bytes: [UInt8]) -> String {
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        bytes.withUnsafeBufferPointer { buffer in
            nettle_sha256_update(&context, buffer.count, buffer.baseAddress)
        }
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_digest(&context, digest.count, &digest)
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }, as: UTF8.self)
    }
}
