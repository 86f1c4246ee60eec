import Foundation
import Testing

/// `voz audit --recording` and `voz audit --keys` on output that crashed Debian 12's libvterm or trapped Voz
/// (issue 24), through the real binary: each must end as an audit does (exit 0 or 1), with nothing raw on screen.
@Suite("Hostile recordings, end to end")
struct HostileRecordingEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var output: String
        var input: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "17 ones", output: "\u{1B}[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1m"),
        Case(name: "17 empty parameters", output: "\u{1B}[;;;;;;;;;;;;;;;;m"),
        Case(name: "insert mode then 8-bit OSC", output: "\u{1B}[4h\u{9D};"),
        Case(name: "REP with nothing before it (libvterm loops)", output: "\u{1B}[?12l\u{1B}[01b"),
        Case(name: "NEL then a key", output: "\u{85}", input: "x"),
        Case(name: "8-bit CSI then a key", output: "\u{9B}", input: "x"),
        Case(name: "8-bit ST then a key", output: "\u{9C}", input: "x"),
        Case(
            name: "an hour of progress bar in one write",
            output: (0..<60_000).map { "\r\($0 % 100)% [" + String(repeating: "#", count: $0 % 60) + "]" }.joined()),
    ]

    /// An asciicast v2 file of one output event, then the input and an answer when there is one.
    static func cast(_ example: Case) throws -> Data {
        var lines = [#"{"version": 2, "width": 80, "height": 24}"#]
        func event(_ time: Double, _ code: String, _ data: String) throws -> String {
            let data = String(decoding: try JSONEncoder().encode([data]), as: UTF8.self)
            return "[\(time), \"\(code)\", \(data.dropFirst().dropLast())]"
        }
        lines.append(try event(0.1, "o", example.output))
        if let input = example.input {
            lines.append(try event(0.5, "i", input))
            lines.append(try event(0.7, "o", "ok\r\n"))
        }
        return Data(lines.joined(separator: "\n").utf8)
    }

    @Test(arguments: cases)
    func aHostileRecordingIsAuditedNotCrashedOn(_ example: Case) async throws {
        let folder = TemporaryFolder()
        let path = folder.url.appendingPathComponent("hostile.cast")
        try Self.cast(example).write(to: path)
        let output = try await RawVozProcess.run(
            ["audit", "--recording", path.path], environment: VozProcess.environment(home: folder.url), timeout: 60)
        #expect(!output.timedOut)
        #expect([0, 1].contains(output.status), "exit \(output.status): \(output.stderr.prefix(300))")
        Self.expectNothingRaw(output.standardOutput)
    }

    @Test func aLiveProgramWithTooManyParametersIsAudited() async throws {
        let folder = TemporaryFolder()
        let keys = folder.url.appendingPathComponent("keys")
        try Data("wait-exit\n".utf8).write(to: keys)
        let output = try await RawVozProcess.run(
            ["audit", "--keys", keys.path, "--", "printf", "\\033[;;;;;;;;;;;;;;;;m"],
            environment: VozProcess.environment(home: folder.url), timeout: 60)
        #expect([0, 1].contains(output.status), "exit \(output.status): \(output.stderr.prefix(300))")
        #expect(output.stdout.contains("replay-limited"), "\(output.stdout)")
    }

    /// No C0 control but the line break, no DEL and no C1 control (in UTF-8) in what voz printed.
    static func expectNothingRaw(_ data: Data) {
        let bytes = [UInt8](data)
        let control = bytes.firstIndex { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
        #expect(control == nil, "a raw control byte at \(control ?? 0)")
        let c1 = zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
        #expect(!c1, "a raw C1 control in: \(String(decoding: data.prefix(400), as: UTF8.self))")
    }
}
