/// Turns a password into a salted, stretched hash so the database never holds it in plain text.
///
/// Iterated salted SHA-256 is far weaker than scrypt or Argon2, but the demo service only needs "the secret is not
/// in the file" (issue 8, item 4) and must stay fast in debug builds.
enum PasswordHasher {
    static let iterations = 2_000

    /// `sha256$ITERATIONS$SALT$HASH`, salt and hash in hexadecimal.
    static func hash(_ password: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return hash(password, salt: salt, iterations: iterations)
    }

    static func hash(_ password: String, salt: [UInt8], iterations: Int) -> String {
        var digest = SHA256.digest(salt + Array(password.utf8))
        for _ in 1..<max(iterations, 2) {
            digest = SHA256.digest(salt + digest)
        }
        return "sha256$\(iterations)$\(SHA256.hex(salt))$\(SHA256.hex(digest))"
    }
}
