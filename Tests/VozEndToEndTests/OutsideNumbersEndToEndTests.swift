import Foundation
import Testing

/// Numbers from outside (a transcript, a reply header, a typed line) beyond what 64 bits hold: the real binary
/// answers in words and its documented exit code, never a trap (issue 19, the two crash classes fuzzing found).
@Suite struct OutsideNumbersEndToEndTests {
    static let form = VozProcess.packageRoot.appendingPathComponent("examples/create-account.json").path

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "99999999999999999999999999999", "1e400"])
    func aTranscriptTimeBeyond64BitsIsAFindingNotACrash(_ time: String) async throws {
        let folder = TemporaryFolder()
        let path = folder.url.appendingPathComponent("transcript.jsonl").path
        let lines = [
            #"{"time":0,"kind":"state","state":"idle","text":"crear-cuenta"}"#,
            #"{"time":\#(time),"kind":"announcement","priority":"polite","text":"Hola.","state":"idle"}"#,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let output = try await VozProcess.run(
            ["audit", "--transcript", path], environment: VozProcess.environment(home: folder.url))
        #expect([0, 1, 2].contains(output.status), "\(output.standardError)")
        #expect(!output.standardError.contains("Fatal error"))
        #expect(output.standardError.contains("transcript.jsonl") || output.standardOutput.contains("transcript"))
    }

    @Test func extremeTranscriptTimesAreCheckedWithoutOverflow() async throws {
        let folder = TemporaryFolder()
        let path = folder.url.appendingPathComponent("transcript.jsonl").path
        let lines = [
            #"{"time":-9223372036854775808,"kind":"state","state":"idle","text":"crear-cuenta"}"#,
            #"{"time":-9223372036854775808,"kind":"state","state":"sending"}"#,
            #"{"time":9223372036854775807,"kind":"announcement","priority":"assertive","text":"Listo.","state":"completed"}"#,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let output = try await VozProcess.run(
            ["audit", "--transcript", path], environment: VozProcess.environment(home: folder.url))
        #expect([0, 1].contains(output.status), "\(output.standardError)")
        #expect(!output.standardError.contains("Fatal error"))
    }

    @Test(arguments: [
        ("99999999999999999999999999999", "more than six hours"),
        (String(repeating: "9", count: 400), "more than six hours"),
        ("86400", "more than six hours"), ("0", "You can retry now."),
        ("Thu, 01 Jan 1970 00:00:00 GMT", "You can retry now."),
    ])
    func aRetryAfterIsSaidInWords(_ header: String, _ heard: String) async throws {
        let folder = TemporaryFolder()
        let output = try await VozProcess.run(
            ["reply", Self.form, "--status", "503", "--header", "Retry-After: \(header)"],
            environment: VozProcess.environment(home: folder.url))
        #expect(output.status == 1, "\(output.standardError)")
        #expect(output.standardOutput.contains(heard), "\(output.standardOutput)")
        #expect(!output.standardOutput.contains(" 0 seconds"))
        #expect(!output.standardError.contains("Fatal error"))
    }
}
