import CCrypt
import CNettle
import Foundation
import VozReplies

/// What a draft keeps to recognise a request sent again: a slow, salted hash of the request exactly as it went
/// (method, URL, the headers that change what it means, body), never the request itself.
///
/// A body holds the values typed, a password among them. Someone who reads the draft and guesses that password
/// must pay a password hash for each guess: the request's SHA-256 (Nettle) is hashed again with yescrypt
/// (libcrypt) under a random salt, and the stored text is libcrypt's own `$y$PARAMS$SALT$HASH`, salt and cost
/// with it. The SHA-256 first because libcrypt takes at most 512 bytes of passphrase, and a body may be longer.
public struct PayloadFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// The modular crypt string, as `crypt_r` writes and reads it.
    public let stored: String

    /// A fingerprint read back from a draft; nil for anything but a yescrypt string.
    public init?(stored: String) {
        guard stored.hasPrefix("$y$"), stored.split(separator: "$", omittingEmptySubsequences: false).count == 5
        else { return nil }
        self.stored = stored
    }

    /// libcrypt's count for yescrypt: 3 fills 4 MiB and took 10 ms a guess here (a SHA-256 of the same takes a
    /// microsecond), the cost the demo service's stored passwords pay. libcrypt's own default, 5, took 37 ms but
    /// 16 MiB, and a session's peak memory (figure 6, goal under 40 MiB) rose by 12 MiB with it.
    public static let defaultCost = 3

    /// The fingerprint of `request` under a fresh salt; nil only when libcrypt fails.
    ///
    /// - Parameter keyHeader: the idempotency header, left out: a request is the same whatever key it carries.
    public static func make(
        of request: SubmissionRequest, keyHeader: String, cost: Int = defaultCost
    ) -> PayloadFingerprint? {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        // A nil random buffer asks libcrypt to read the salt from the kernel (getrandom) itself.
        guard crypt_gensalt_rn("$y$", UInt(cost), nil, 0, &setting, Int32(setting.count)) != nil else { return nil }
        let salt = String(decoding: setting.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
        return yescrypt(digest(of: request, keyHeader: keyHeader), setting: salt).flatMap(PayloadFingerprint.init)
    }

    /// Whether `request` is the request this fingerprint was made of, comparing in time independent of where
    /// the hashes differ.
    public func matches(_ request: SubmissionRequest, keyHeader: String) -> Bool {
        guard let computed = Self.yescrypt(Self.digest(of: request, keyHeader: keyHeader), setting: stored) else {
            return false
        }
        let left = Array(computed.utf8)
        let right = Array(stored.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// The stored `$y$…` string, which shows no part of the request.
    public var description: String { stored }

    // MARK: - The request's bytes

    /// Headers that never change what a request does: how the reply is worded and what it may be.
    static let presentationHeaders: Set<String> = ["accept", "accept-language"]

    /// The request in one unambiguous byte string: every part length-prefixed, headers by lowercased name (their
    /// order among equal names kept), the key header and the presentation headers left out.
    static func canonical(_ request: SubmissionRequest, keyHeader: String) -> [UInt8] {
        var bytes: [UInt8] = []
        func part(_ data: some Collection<UInt8>) {
            bytes += Array("\(data.count):".utf8)
            bytes += data
        }
        part(Array(request.method.rawValue.utf8))
        part(Array(request.url.absoluteString.utf8))
        let skipped = presentationHeaders.union([keyHeader.lowercased()])
        let headers = request.headers.enumerated()
            .map { (name: $0.element.name.lowercased(), value: $0.element.value, order: $0.offset) }
            .filter { !skipped.contains($0.name) }
            .sorted { ($0.name, $0.order) < ($1.name, $1.order) }
        part(Array(String(headers.count).utf8))
        for header in headers {
            part(Array(header.name.utf8))
            part(Array(header.value.utf8))
        }
        part(request.body)
        return bytes
    }

    /// The SHA-256 of the canonical request, in hexadecimal: what yescrypt hashes.
    static func digest(of request: SubmissionRequest, keyHeader: String) -> String {
        var bytes = canonical(request, keyHeader: keyHeader)
        defer { bytes.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) } }
        return sha256Hex(bytes)
    }

    /// The SHA-256 of `bytes` (Nettle), in lowercase hexadecimal.
    static func sha256Hex(_ bytes: [UInt8]) -> String {
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        bytes.withUnsafeBufferPointer { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_digest(&context, digest.count, &digest)
        defer { digest.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) } }
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }, as: UTF8.self)
    }

    // MARK: - libcrypt

    /// `crypt_r` of `passphrase` with `setting` (a salt, or a whole stored hash); nil when libcrypt refuses it.
    private static func yescrypt(_ passphrase: String, setting: String) -> String? {
        // struct crypt_data is 32 KiB: on the heap, not on a worker thread's stack; zeroed after, since it held
        // the request's derived state.
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        let size = MemoryLayout<crypt_data>.size
        UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: size)
        defer {
            UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: size)
            data.deallocate()
        }
        guard let result = crypt_r(passphrase, setting, data) else { return nil }
        let text = String(cString: result)
        // libxcrypt reports failure with a string starting with "*", never a valid hash.
        return text.hasPrefix("*") ? nil : text
    }
}
