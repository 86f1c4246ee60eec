import Testing

@testable import VozDemoService

@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher(cost: PasswordHasher.testCost)

    @Test func hashesAreStandardYescryptStringsSaltedAndFreeOfThePassword() throws {
        let first = try #require(hasher.hash("correct horse"))
        let second = try #require(hasher.hash("correct horse"))
        #expect(first != second)
        #expect(first.hasPrefix("$y$"))
        #expect(first.split(separator: "$").count == 4)
        #expect(!first.contains("correct"))
    }

    @Test func verifiesTheRightPasswordOnly() throws {
        let stored = try #require(hasher.hash("correct horse"))
        #expect(hasher.verify("correct horse", against: stored))
        #expect(!hasher.verify("correct horsf", against: stored))
        #expect(!hasher.verify("", against: stored))
        #expect(!hasher.verify("correct horse", against: "$y$j75$not-a-hash"))
        #expect(!hasher.verify("correct horse", against: "sha256$2000$00$00"))
    }

    /// A hash made outside Voz (a C program calling libcrypt's crypt_gensalt_rn and crypt_r) checks out: the
    /// format is the standard one.
    @Test func verifiesAHashMadeElsewhere() {
        let stored = "$y$j75$dY0kBa6nspUQLXHLPDbeK.$91qOhg4COLcTtjYrdb2LyMMt6Q4tMjqBR9EgE3f7/I1"
        #expect(hasher.verify("secreto123", against: stored))
        #expect(!hasher.verify("secreto124", against: stored))
    }

    @Test func theCostIsTheOneAskedFor() throws {
        #expect(try #require(PasswordHasher(cost: 1).hash("x")).hasPrefix("$y$j75$"))
        #expect(try #require(PasswordHasher(cost: 3).hash("x")).hasPrefix("$y$j7T$"))
    }

    @Test(arguments: [
        ([UInt8](), [UInt8](), true), ([1, 2, 3], [1, 2, 3], true), ([1, 2, 3], [1, 2, 4], false),
        ([1, 2], [1, 2, 3], false),
    ])
    func constantTimeComparison(left: [UInt8], right: [UInt8], equal: Bool) {
        #expect(PasswordHasher.constantTimeEqual(left, right) == equal)
    }
}
