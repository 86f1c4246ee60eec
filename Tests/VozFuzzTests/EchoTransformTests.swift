import Foundation
import Testing
import VozKit
import VozReplies
import VozTestSupport
import VozTestTraits

@testable import VozFuzzing

/// The echoes fuzzer's transforms of issue 37 (the newcomer's N4): each writes what a server writes, and a session
/// whose server echoes the password, the key or the card that way leaks nothing through any of its sinks.
@Suite(.timeLimit(.minutes(3)), .ownThread) struct EchoTransformTests {
    @Test(arguments: [
        ("reversed", "ab>?", "?>ba"), ("base64", "ab>?", "YWI+Pw=="), ("base64-nopad", "ab>?", "YWI+Pw"),
        ("base64url", "ab>?", "YWI-Pw=="), ("base64url-nopad", "ab>?", "YWI-Pw"),
        ("basic", "pw", "Basic YW5hQGV4YW1wbGUuY29tOnB3"), ("hex", "a é", "6120c3a9"),
        ("percent-all", "a é", "%61%20%C3%A9"), ("entities", "a é", "&#97;&#32;&#233;"),
        ("entities-hex", "a é", "&#x61;&#x20;&#xE9;"), ("swapcase", "aB é", "Ab É"), ("fullwidth", "a1 é", "ａ１ é"),
        ("card-fullwidth", "4111 1111", "４１１１ １１１１"), ("card-arabic", "4111 1111", "٤١١١ ١١١١"),
        ("card-devanagari", "41", "४१"), ("card-spaced", "4111 11", "4 1 1 1 1 1"),
        ("card-dashed", "41111111", "4111 - 1111"), ("card-endash", "41111111", "4111\u{2013}1111"),
        ("card-zero-width", "41111111", "4111\u{200B}1111"),
    ])
    func theFuzzersTransformsWriteWhatServersWrite(encoding: String, secret: String, written: String) {
        #expect(EchoCase.encode(secret, as: encoding) == written)
        #expect(EchoCase.encodings.contains(encoding))
    }

    /// Cards the fuzzer makes pass the Luhn check, so Voz knows them by their shape alone.
    @Test(arguments: [1, 2, 3, 4, 5])
    func theFuzzersCardsAreCards(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let card = EchoCase.makeCard(&random)
        #expect(card.digits.count == 16)
        #expect(SensitiveShape.isWhole(card.digits), "\(card)")
        #expect(SensitiveShape.isWhole(card.typed), "\(card)")
    }

    static let password = "Ke>>y?~pass-2024"
    static let apiKey = "sk_live_0123456789abcdefXYZ"
    static let card = "４５３９ １４８８ ０３４３ ６４６７"

    /// One session per transform: the password (or, for a card spelling, the card typed in the note) quoted back
    /// in an error message, and nothing of it said, printed, transcribed or logged.
    @Test(arguments: EchoCase.encodings.filter { !["typed", "json", "json-ascii", "json-html"].contains($0) })
    func aSessionLeaksNoTransformedEcho(encoding: String) async throws {
        let secret = EchoCase.cardEncodings.contains(encoding) ? Self.card : Self.password
        let quoted = EchoCase.encode(secret, as: encoding)
        let body = #"{"errors":{"password":["\#(EchoCase.jsonInner(quoted)) is too weak"]}}"#
        let compact = "4539148803436467"
        let echo = EchoCase(
            password: Self.password, apiKey: Self.apiKey, card: Self.card, status: 422,
            headers: [["Content-Type", "application/json"]], body: body, encoding: encoding, shape: "errors-member",
            fragments: [quoted, Self.password, Self.apiKey, Self.card, compact])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-echo-\(encoding)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let breach = await FuzzRunner.echoBreach(echo, folder: folder)
        #expect(breach == nil, "\(breach ?? "")")
        // Not vacuous: the oracle reads the log, which holds the reply.
        var logged = echo
        logged.fragments = ["is too weak"]
        #expect(await FuzzRunner.echoBreach(logged, folder: folder)?.contains("technical log") == true)
    }
}
