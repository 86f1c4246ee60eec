import CCrypt

/// Turns a password into a salted yescrypt hash with libcrypt, so the database never holds it in plain text.
///
/// The stored text is the standard modular crypt string, `$y$PARAMS$SALT$HASH`, which `crypt_r` reads back as its
/// own setting: the salt and cost travel with the hash, and any other tool built on libcrypt can check it.
struct PasswordHasher: Sendable {
    /// libcrypt's count for yescrypt, from 1 (1 MiB, about a millisecond) to 11; 0 is libcrypt's default (5,
    /// 16 MiB). The demo service runs inside `voz demo`, whose memory has a goal, so its default is 3 (4 MiB).
    let cost: Int

    static let defaultCost = 3
    /// The cheapest yescrypt, for tests: a debug build hashes it in a millisecond.
    static let testCost = 1
    /// The stored text of an account no password opens: not a crypt string, so `verify` refuses every password.
    static let locked = "!"

    init(cost: Int = PasswordHasher.defaultCost) {
        self.cost = cost
    }

    // MARK: - Hashing

    /// A fresh salt from the system's entropy and the yescrypt hash of `password`; nil only if libcrypt fails.
    func hash(_ password: String) -> String? {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        // A nil random buffer asks libcrypt to read the salt from the kernel (getrandom) itself.
        guard crypt_gensalt_rn("$y$", UInt(cost), nil, 0, &setting, Int32(setting.count)) != nil else {
            return nil
        }
        return Self.crypt(
            password, setting: String(decoding: setting.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
    }

    /// Whether `password` is the one `stored` was made from, comparing in time independent of where they differ.
    func verify(_ password: String, against stored: String) -> Bool {
        guard stored.hasPrefix("$y$"), let computed = Self.crypt(password, setting: stored) else { return false }
        return Self.constantTimeEqual(Array(computed.utf8), Array(stored.utf8))
    }

    // MARK: - libcrypt

    /// `crypt_r` of `password` with `setting` (a salt, or a whole stored hash); nil when libcrypt refuses it.
    private static func crypt(_ password: String, setting: String) -> String? {
        // struct crypt_data is 32 KiB: on the heap, not on a worker thread's stack.
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            // It held the password's derived state.
            UnsafeMutableRawPointer(data).initializeMemory(
                as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
            data.deallocate()
        }
        UnsafeMutableRawPointer(data).initializeMemory(
            as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
        guard let result = crypt_r(password, setting, data) else { return nil }
        let text = String(cString: result)
        // libxcrypt reports failure with a string starting with "*", never a valid hash.
        return text.hasPrefix("*") ? nil : text
    }

    /// Equal bytes, looking at every one of them whatever the first difference.
    static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}
