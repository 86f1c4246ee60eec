import Testing

@testable import VozWrap

/// The lines a person types while wrapped: answers, and wrap's commands in any of Voz's languages.
@Suite struct WrapLineTests {
    @Test(arguments: [
        ("Ann", WrapLine.answer("Ann")), ("  two words ", .answer("  two words ")), ("::wq", .answer(":wq")),
        (":keys down down enter", .keys([.down, .down, .enter])), (":teclas up tab", .keys([.up, .tab])),
        (":KEYS Page Down esc ctrl-c", .keys([.pageDown, .escape, .interrupt])),
        (":keys home end space pgup", .keys([.home, .end, .space, .pageUp])),
        (":keys sideways", .unknownKey("sideways")), (":keys", .unknownKey("")),
        (":repeat", .repeatLast), (":repetir", .repeatLast), (":wiederholen", .repeatLast),
        (":screen", .screen), (":pantalla", .screen), (":écran", .screen), (":tela", .screen),
        (":no-such-command", .answer(":no-such-command")),
    ])
    func aLineIsReadAsTyped(line: String, expected: WrapLine) {
        #expect(WrapLine(line) == expected)
    }

    /// Arrows and Home go as the program asked for them; the rest are the same either way.
    @Test func keysAreTheBytesATerminalSends() {
        #expect(WrapKey.down.bytes(applicationCursor: false) == [0x1B, 0x5B, 0x42])
        #expect(WrapKey.down.bytes(applicationCursor: true) == [0x1B, 0x4F, 0x42])
        #expect(WrapKey.home.bytes(applicationCursor: true) == [0x1B, 0x4F, 0x48])
        #expect(WrapKey.pageDown.bytes(applicationCursor: true) == Array("\u{1B}[6~".utf8))
        #expect(WrapKey.enter.bytes(applicationCursor: false) == [0x0D])
        #expect(WrapKey.interrupt.bytes(applicationCursor: false) == [0x03])
    }
}
