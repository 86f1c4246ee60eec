import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

/// Every server message passes the redactor, each against every copy of every secret (issue 37's transforms added
/// a dozen): a reply of thousands of errors (the demo's `many-errors`) must cost its count, not its count squared.
@Suite struct RedactionCostTests {
    /// A problem+json reply of `count` errors, as the demo's hostile `many-errors` mode writes it.
    static func manyErrors(_ count: Int) -> HTTPReply {
        let fields = ["name", "email", "password", "coupon", "terms"]
        let errors = (0..<count).map { index in
            let field = index % 2 == 0 ? fields[index / 2 % fields.count] : "field\(index)"
            return #"{"field":"\#(field)","message":"Error number \#(index)."}"#
        }
        let body =
            #"{"title":"Your request is not valid.","detail":"\#(count) errors.","errors":["#
            + errors.joined(separator: ",") + "]}"
        return HTTPReply(
            status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/problem+json")],
            body: Data(body.utf8))
    }

    /// The processor time this thread spends on `work`: the machine running the tests is shared, and a clock on
    /// the wall counts the others' builds too.
    static func threadTime(_ work: () -> Void) -> Double {
        var start = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        work()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    /// The processor seconds reading `count` errors takes, the log written, with a password, an API key and a card
    /// to look for.
    static func cost(_ count: Int) -> Double {
        var submitted = ServerFixtures.submitted
        submitted["password"] = .text("  Año Pérez 2026!  ")
        let interpreter = ReplyInterpreter(
            form: SecretEncodingTests.form, localizer: ServerFixtures.english, submitted: submitted,
            formerSecrets: ["5555 5555 5555 4444"], log: MemoryTechnicalLog())
        let reply = manyErrors(count)
        return threadTime { _ = interpreter.interpret(reply) }
    }

    @Test func fiveThousandErrorsAreReadInLinearTime() {
        _ = Self.cost(100)
        let five = Self.cost(5_000)
        let ten = Self.cost(10_000)
        print("redaction cost: 5,000 errors \(five) s, 10,000 errors \(ten) s of processor time")
        // A debug build: the bound is loose, the ratio is what says linear.
        #expect(five < 10, "\(five) s")
        #expect(ten < five * 3, "5,000: \(five) s; 10,000: \(ten) s")
    }
}
