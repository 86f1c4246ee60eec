import Foundation
import VozTestSupport

/// asciicast v2 recordings built from what terminals are sent: text, C0 and 8-bit C1 controls, CSIs with many,
/// long or empty parameters, OSC, DCS, APC, PM and SOS strings cut short or very long, large writes, and input
/// events between them, on screens from 1 by 1 to 1000 by 1000.
extension FuzzStructures {
    static func recording(_ random: inout SeededGenerator) -> [UInt8] {
        let sizes = [1, 2, 24, 80, 132, 300, 301, 1000]
        let width = random.chance(1, in: 4) ? random.pick(sizes) : 80
        let height = random.chance(1, in: 4) ? random.pick(sizes) : 24
        var lines = [#"{"version": 2, "width": \#(width), "height": \#(height)}"#]
        var time = 0.0
        for _ in 0..<Int.random(in: 1...30, using: &random) {
            time += random.pick([0.0, 0.01, 0.3, 0.6, 5.0])
            let input = random.chance(1, in: 5)
            let data = input ? random.pick(keys) : output(&random)
            lines.append(event(time, input ? "i" : "o", data))
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    static let keys = ["\r", "\u{1B}[A", "\u{1B}[B", "x", "Ana", " ", "\t", "\u{03}", "\u{1B}", "\u{85}", "\u{9B}A"]

    /// One output event: up to eight pieces, one of them sometimes a write of megabytes.
    static func output(_ random: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: text += random.pick(["Your name: ", "Password: ", "Pick one:\r\n> Apple\r\n  Pear", "é😀", "\r\n"])
            case 1: text += String(UnicodeScalar(UInt8.random(in: 0...0x1F, using: &random)))
            case 2: text += String(Character(Unicode.Scalar(UInt32.random(in: 0x80...0x9F, using: &random)) ?? "x"))
            case 3: text += csi(&random)
            case 4: text += terminalString(&random)
            case 5: text += random.pick(hostile)
            case 6 where random.chance(1, in: 100):
                let frame = "\r" + String(repeating: "#", count: Int.random(in: 1...80, using: &random)) + " 42%"
                text += String(repeating: frame, count: Int.random(in: 1_000...40_000, using: &random))
            default: text += "\u{1B}" + random.pick(["7", "8", "c", "D", "E", "M", "#8", "(0", ")B", "%G", "=", ">"])
            }
        }
        return text
    }

    /// The sequences that crashed libvterm 0.1.4, and their neighbours.
    static let hostile = [
        "\u{1B}[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1m", "\u{1B}[;;;;;;;;;;;;;;;;m", "\u{1B}[4h\u{9D};",
        "\u{1B}[4h\u{9D};\u{9C}x", "\u{85}", "\u{9B}", "\u{9C}", "\u{9B}31m", "\u{90}q\u{9C}", "\u{1B}[?1049h",
        "\u{1B}[?1049l", "\u{1B}[999999999;999999999H", "\u{1B}[4h\u{1B}[1;80Hxy", "\u{1B}[2J\u{1B}[3J",
        "\u{1B}[1;2r\u{1B}[99S", "\u{1B}[99@\u{1B}[99P", "\u{1B}[?25l", "\u{1B}[5m", "\u{1B}[?5h",
    ]

    static func csi(_ random: inout SeededGenerator) -> String {
        let count = random.pick([0, 1, 2, 15, 16, 17, 40])
        let parameters = (0..<count).map { _ in
            random.pick(["", "1", "0", "38", "5", "255", "999999999", String(repeating: "9", count: 30), "2:3"])
        }
        let leader = random.pick(["", "", "?", ">", "=", "<"])
        let intermediate = random.pick(["", "", " ", "$", "!", "\""])
        let final = random.pick(["m", "H", "J", "K", "h", "l", "r", "@", "P", "S", "T", "L", "M", "X", "q", "n", "c"])
        return "\u{1B}[" + leader + parameters.joined(separator: random.pick([";", ":"])) + intermediate + final
    }

    /// An OSC, DCS, APC, PM or SOS string, by its 7-bit or 8-bit introducer, ended or not.
    static func terminalString(_ random: inout SeededGenerator) -> String {
        let start = random.pick(["\u{1B}]", "\u{9D}", "\u{1B}P", "\u{90}", "\u{1B}_", "\u{9F}", "\u{1B}^", "\u{1B}X"])
        let body = random.pick(["0;title", "52;c;aGk=", "8;;http://x", "$q m", "+q544e", "é"])
        let length = random.chance(1, in: 4) ? Int.random(in: 4_000...9_000, using: &random) : 0
        let end = random.pick(["\u{07}", "\u{1B}\\", "\u{9C}", "", "\u{18}", "\u{1B}[m"])
        return start + body + String(repeating: "a", count: length) + end
    }

    /// One event line, its data written as JSON would write it.
    static func event(_ time: Double, _ code: String, _ data: String) -> String {
        let encoded = (try? JSONEncoder().encode([data])).map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return "[\(time), \"\(code)\", " + encoded.dropFirst().dropLast() + "]"
    }
}
