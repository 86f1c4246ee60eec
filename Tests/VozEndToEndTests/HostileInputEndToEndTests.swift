import Foundation
import Testing

/// Issue 8, item 3: hostile lines typed or piped into the real `voz run` — a megabyte line, invalid UTF-8, NUL
/// bytes, pasted escape sequences — and end of input in every state. Each answer is kept (cleaned) or refused
/// with a sentence, the session never dies, and the exit code says whether the form was sent (design §10).
// Serialized: each case starts real processes, and a burst of them would starve the timing tests of others.
@Suite(.serialized) struct HostileInputEndToEndTests {
    static func line(_ text: String) -> Data { Data((text + "\n").utf8) }

    @Test func hostileLinesAreKeptCleanOrRefusedWithASentence() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        var input = Data(repeating: UInt8(ascii: "x"), count: 1 << 20) + Data("\n".utf8)  // refused: too long
        // Pasted terminal escapes around the name: screen clear, OSC 52 clipboard write, title change.
        input += Self.line("\u{1B}[2J\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}Ana \u{1B}]0;pwned\u{07}Pérez\u{1B}[31m")
        input += Data("ana".utf8) + [0x00] + Data("@example.com\n".utf8)  // a NUL in the e-mail
        input += Self.line("secreto123")
        input += Data("VERANO".utf8) + [0xFF, 0xFE] + Data("25\n".utf8)  // invalid UTF-8: refused by the pattern
        for answer in ["", "", "sí", ":enviar", "sí"] { input += Self.line(answer) }

        let output = try await run.run(url: server.accountsURL, input: input, timeout: 30)
        let (_, spanish) = try FormRun.spanish()

        #expect(output.status == 0, "exit \(output.status): \(output.stderr)")
        #expect(output.lines.last == "Cuenta creada.")
        #expect(HostileText.problems(in: output.stdout) == [], "\(output.stdout.prefix(3000))")
        #expect(HostileText.problems(in: try HostileText.transcriptTexts(run.transcript).joined()) == [])
        // The megabyte was refused with a sentence and not echoed back.
        let tooLong = spanish.text("session.lineTooLong", ["count": String(1 << 20), "maximum": "10000"])
        #expect(output.lines.contains(tooLong), "\(output.stdout.prefix(1000))")
        #expect(output.standardOutput.count < 8_000)
        // Escapes and the NUL were removed, the text around them kept.
        #expect(output.lines.contains("1. Nombre completo: Ana Pérez."))
        #expect(output.lines.contains("2. Correo electrónico: ana@example.com."))
        // Invalid UTF-8 became U+FFFD, which the coupon's pattern refuses with its own sentence.
        #expect(output.lines.contains { $0.hasPrefix("Cupón de descuento: debe tener de 4 a 12 letras") })
        #expect(output.lines.contains("4. Cupón de descuento: vacío."))
        let accounts = try #require(await server.get("accounts") as? [[String: Any]])
        #expect(accounts.compactMap { $0["email"] as? String } == ["ana@example.com"])
    }

    // MARK: - End of input

    enum EndState: String, CaseIterable, CustomStringConvertible {
        case beforeTheFirstAnswer
        case midForm
        case atTheReviewConfirmation
        case afterATransientFailure
        case whileSending

        var description: String { rawValue }

        var answers: [String] {
            let valid = FormRun.validAnswers()
            switch self {
            case .beforeTheFirstAnswer: return []
            case .midForm: return Array(valid.prefix(3))
            case .atTheReviewConfirmation: return Array(valid.dropLast())
            case .afterATransientFailure, .whileSending: return valid
            }
        }

        var serverArguments: [String] {
            switch self {
            case .afterATransientFailure: return ["--unavailable", "1"]
            case .whileSending: return ["--latency", "2000"]
            default: return []
            }
        }
    }

    @Test(arguments: EndState.allCases)
    func endOfInputInEveryState(state: EndState) async throws {
        let server = try await DemoServer.start(arguments: state.serverArguments)
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let input = state.answers.map { Self.line($0) }.reduce(Data(), +)
        let output = try await run.run(url: server.accountsURL, input: input, timeout: 30)
        let (_, spanish) = try FormRun.spanish()
        let accounts = try #require(await server.get("accounts") as? [[String: Any]])
        let draft = run.draft(sentTo: server.accountsURL)

        #expect(!output.timedOut)
        #expect(HostileText.problems(in: output.stdout) == [])
        if state == .whileSending {
            // The outcome is waited for, said, and the form counts as sent.
            #expect(output.status == 0, "exit \(output.status): \(output.stderr)")
            #expect(output.elapsed >= .seconds(2))
            #expect(output.lines.last == "Cuenta creada.")
            #expect(accounts.count == 1)
            #expect(!FileManager.default.fileExists(atPath: draft.path), "success deletes the draft")
            return
        }
        #expect(output.status == 1, "exit \(output.status): \(output.stderr)")
        #expect(accounts.isEmpty)
        if state == .beforeTheFirstAnswer {
            // Nothing was answered: no draft, and no "a draft was saved" of nothing (issue 25, section 5).
            #expect(output.lines.last == spanish.text("session.endOfInput.noDraft"))
            #expect(!FileManager.default.fileExists(atPath: draft.path))
            return
        }
        // After the demo's 503 too: a busy server's reply is an answer, the request was not taken (the newcomer's
        // report, item 9), so the end does not say it may have arrived.
        #expect(output.lines.last == spanish.text("session.endOfInput"))
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: draft)) as? [String: Any], "the draft was saved")
        let answers = saved["answers"] as? [String: String] ?? [:]
        #expect(answers["password"] == nil, "no secret in the draft")
        switch state {
        case .beforeTheFirstAnswer:
            Issue.record("handled above")
        case .midForm:
            #expect(answers == ["name": "Ana Pérez", "email": "ana@example.com"])
        case .atTheReviewConfirmation:
            #expect(output.lines.dropLast().last == spanish.text("session.confirmSend", ["label": "Crear cuenta"]))
            #expect(answers["terms"] == "sí" && answers["email"] == "ana@example.com")
        case .afterATransientFailure:
            // The key of a send whose outcome is unknown is kept, so a later retry is recognised.
            let attempts = saved["pendingAttempts"] as? [[String: Any]] ?? []
            #expect(attempts.count == 1 && (attempts.first?["key"] as? String)?.isEmpty == false)
        case .whileSending:
            break
        }
    }
}
