import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

@Suite struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT

    @Test(
        arguments: [
            ("7", nil, 7.0),
            (" 120 ", nil, 120),
            ("0", nil, 0),
            ("Wed, 21 Oct 2015 07:28:30 GMT", nil, 30),
            ("Wednesday, 21-Oct-15 07:29:00 GMT", nil, 60),
            ("Wed Oct 21 07:28:05 2015", nil, 5),
            ("Wed, 21 Oct 2015 07:28:30 GMT", "Wed, 21 Oct 2015 07:28:20 GMT", 10),
            ("Wed, 21 Oct 2015 07:27:00 GMT", nil, 0),
        ] as [(String, String?, Double)])
    func readsSecondsAndDates(_ value: String, _ date: String?, _ expected: Double) {
        #expect(RetryAfter.seconds(value, replyDate: date, now: Self.now) == expected)
    }

    @Test(arguments: [nil, "", "soon", "-5", "1.5", "Wed, 99 Oct 2015 07:28:30 GMT"] as [String?])
    func ignoresWhatItCannotRead(_ value: String?) {
        #expect(RetryAfter.seconds(value, now: Self.now) == nil)
    }

    @Test func aReplyWithoutADateIsMeasuredFromNow() {
        let interpreter = ReplyInterpreter(
            form: ServerFixtures.form, localizer: ServerFixtures.spanish, submitted: FormValues(), now: { Self.now })
        let reply = HTTPReply(
            status: 503, headers: [HTTPHeader(name: "retry-after", value: "Wed, 21 Oct 2015 07:28:45 GMT")])
        guard case .failure(let failure) = interpreter.interpret(reply) else {
            Issue.record("a 503 is a failure")
            return
        }
        #expect(failure.retryAfterSeconds == 45)
    }
}
