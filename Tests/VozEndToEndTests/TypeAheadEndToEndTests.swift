import Foundation
import Testing
import VozProcess
import VozTestSupport
import VozTestTraits

@testable import VozKit
@testable import VozTerminal

/// A secret typed the moment its prompt appears, under a real pseudo-terminal: echo must already be off, so the
/// screen never shows it, and nothing typed is thrown away.
///
/// Voz used to print the prompt first and turn echo off after, flushing the input as it did: keys typed in that
/// gap were shown on the screen and then lost.
@Suite(.ownThread) struct TypeAheadEndToEndTests {
    private struct Screen {
        let child: RunningProcess
        var text = ""

        /// Reads until the output holds `wanted` (or 30 seconds pass); whether it does.
        mutating func wait(for wanted: String) -> Bool {
            let deadline = ContinuousClock.now.advanced(by: .seconds(30))
            while !text.contains(wanted), ContinuousClock.now < deadline {
                switch child.readTerminal(waitingUpTo: .milliseconds(100)) {
                case .data(let bytes): text += String(decoding: bytes, as: UTF8.self)
                case .quiet: continue
                case .closed: return text.contains(wanted)
                }
            }
            return text.contains(wanted)
        }

        func type(_ line: String) {
            child.write(Array((line + "\r").utf8), to: .terminal)
        }
    }

    private struct Typed: Sendable {
        var screen: String
        var echoWhenThePromptAppeared: Bool?
        var secretAccepted: Bool
        var status: Int32
    }

    @Test func aSecretTypedAsItsPromptAppearsIsNeitherShownNorLost() async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = "Zq9-type-ahead-secret"
        let form = VozProcess.packageRoot.appendingPathComponent("examples/crear-cuenta.json").path
        let child = try RunningProcess.recorded(
            [VozProcess.executable.path, "run", form, "--speech", "none", "--no-draft"],
            environment: VozProcess.environment(home: folder), columns: 200, rows: 50)
        // The terminal is driven from a thread of its own: its reads block.
        let typed = await onOwnThread {
            var screen = Screen(child: child)
            var echo: Bool?
            var accepted = false
            if screen.wait(for: "Campo 1 de 6") {
                screen.type("Ana Pérez")
                if screen.wait(for: "Campo 2 de 6") { screen.type("ana@example.com") }
                if screen.wait(for: "Campo 3 de 6") {
                    // No pause, no waiting for the rest of the line: typed as the prompt shows.
                    echo = child.echoes
                    screen.type(secret)
                    accepted = screen.wait(for: "Campo 4 de 6")
                    screen.type(":revisar")
                    _ = screen.wait(for: "caracteres")
                }
            }
            screen.type(":salir")
            _ = screen.wait(for: "no se ha enviado")
            let status = child.finish()
            return Typed(
                screen: screen.text, echoWhenThePromptAppeared: echo, secretAccepted: accepted, status: status)
        }
        #expect(typed.echoWhenThePromptAppeared == false, "echo was still on when the secret's prompt appeared")
        #expect(!typed.screen.contains(secret), "the secret was shown: \(typed.screen)")
        #expect(typed.secretAccepted, "the secret typed ahead was lost: \(typed.screen)")
        #expect(typed.screen.contains("oculto, \(secret.count) caracteres"))
        #expect(typed.status == 1)
    }
}
