import VozSupport

/// Reads the raw output bytes alongside the emulator for what the screen no longer shows: colour being set at
/// all, scroll regions, and long lines the terminal wrapped in the middle of a word.
struct OutputScanner {
    /// Something the bytes showed.
    enum Sighting: Equatable {
        case color
        case scrollRegion(top: Int, bottom: Int)
        /// The whole screen erased: ED 2 or 3, ED 0 from the home position, or a full reset (RIS); and whether
        /// the alternate screen was on when it was (a chunk can clear it and leave it in one write).
        case cleared(alternate: Bool)
        /// A word split by the terminal's wrap, and the line written up to the split: the rule tells prose from
        /// columns and tokens.
        case wrappedWord(String, line: String)
        /// A question to the terminal, whose answer comes back as input: `cursor` (CSI 6 n), `status` (CSI 5 n),
        /// `attributes` (CSI c, CSI > c) or `color` (OSC 4, 10, 11 or 12 with `?`).
        case query(String)
    }

    /// The screen's size, changed when the recording resizes it.
    var width: Int
    var height: Int
    /// Escape sequences are read by the package's one tokenizer; 8-bit controls are text here, as libvterm reads
    /// them after the guard.
    private var tokenizer = EscapeTokenizer(maximumSequenceBytes: 64, maximumStringBytes: 16, readsC1: false)
    /// The last control sequence's parameter and intermediate bytes.
    private var parameters: [UInt8] = []
    /// Column of the next character on a line written only forwards; -1 once the cursor was moved by an escape.
    var column = 0
    /// The word being written, for naming a split one.
    var word: [UInt8] = []
    /// The line being written and the last whole line with text: what a listener heard last.
    var currentLine: [UInt8] = []
    private var lastLine: [UInt8] = []
    /// Whether the cursor was just sent home (CSI H), where erasing below erases everything.
    var home = false
    /// Whether the alternate screen is on (DECSET 47, 1047 or 1049).
    private var alternate = false

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Scans one chunk of output, carrying escape-sequence state across chunks. `runs` false reads printable text
    /// byte by byte too, the way the runs are read: for tests that compare the two.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, runs: Bool = true, _ sighted: (Sighting) -> Void) {
        // Out of `self` while it runs: its callbacks change the rest of the scanner.
        var tokenizer = self.tokenizer
        defer { self.tokenizer = tokenizer }
        tokenizer.scan(
            bytes,
            text: { run in
                guard runs else {
                    for byte in run { text(byte, sighted) }
                    return
                }
                var index = 0
                while index < run.count { index = printable(run, from: index, sighted) }
            },
            { token in read(token, sighted) })
    }

    /// What a control, a sequence or a string shows: text comes in runs, above.
    private mutating func read(_ token: EscapeTokenizer.Token, _ sighted: (Sighting) -> Void) {
        switch token {
        case .text(let bytes):
            for byte in bytes { text(byte, sighted) }
        case .control(let byte):
            text(byte, sighted)
        case .controlSequence(let parameters, let intermediates, let final, _):
            self.parameters = parameters + intermediates
            csi(final: final, sighted)
        case .escape(let intermediates, let final):
            if intermediates.isEmpty, final == UInt8(ascii: "c") {
                // A full reset leaves the alternate screen and clears the user's.
                alternate = false
                sighted(.cleared(alternate: false))
            } else {
                column = -1
            }
        case .string(.osc, let body, _, _):
            if Self.asksColor(Array(body.prefix(16))) { sighted(.query("color")) }
        case .string, .abandoned:
            break
        }
    }

    private mutating func text(_ byte: UInt8, _ sighted: (Sighting) -> Void) {
        home = false
        switch byte {
        case 0x0A, 0x0D:
            if currentLine.contains(where: { $0 != 0x20 }) { lastLine = currentLine }
            currentLine.removeAll(keepingCapacity: true)
            column = 0
            word.removeAll(keepingCapacity: true)
        case 0x08:
            if column > 0 { column -= 1 }
        case 0x09:
            if column >= 0 { column = (column / 8 + 1) * 8 }
            word.removeAll(keepingCapacity: true)
        case 0x00..<0x20, 0x7F:
            break
        default:
            if currentLine.count < 1024 { currentLine.append(byte) }
            // UTF-8 continuation bytes take no column.
            if byte & 0xC0 == 0x80 {
                if !word.isEmpty { word.append(byte) }
                return
            }
            let letter = byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            if letter {
                word.append(byte)
            } else if !word.isEmpty {
                word.removeAll(keepingCapacity: true)
            }
            guard column >= 0 else { return }
            // Whether the line is prose the terminal reflows or columns and tokens that break apart is the rule's call.
            if column == width, letter, word.count >= 2 {
                let split = String(decoding: word, as: UTF8.self)
                sighted(.wrappedWord(split, line: String(decoding: currentLine, as: UTF8.self)))
            }
            column += 1
        }
    }

    /// The last line of text written: the line in progress when it has words, else the last whole line.
    var lastSaid: String {
        String(decoding: Self.hasWords(currentLine) ? currentLine : lastLine, as: UTF8.self)
    }

    private static func hasWords(_ line: [UInt8]) -> Bool {
        var run = 0
        for byte in line {
            let letter = byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            run = letter ? run + 1 : 0
            if run >= 2 { return true }
        }
        return false
    }

    private mutating func csi(final: UInt8, _ sighted: (Sighting) -> Void) {
        let wasHome = home
        home = false
        switch final {
        case UInt8(ascii: "m"):
            if Self.setsColor(parameters) { sighted(.color) }
        case UInt8(ascii: "r"):
            let numbers = Self.numbers(parameters)
            let top = numbers.first ?? 1
            let bottom = numbers.count > 1 ? numbers[1] : height
            if (top > 1 || bottom < height), bottom > top { sighted(.scrollRegion(top: top, bottom: bottom)) }
            column = -1
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            let numbers = Self.numbers(parameters)
            home = numbers.allSatisfy { $0 <= 1 }
            column = -1
        case UInt8(ascii: "J"):
            let mode = Self.numbers(parameters).first ?? 0
            if mode == 2 || mode == 3 || (mode == 0 && wasHome) { sighted(.cleared(alternate: alternate)) }
        case UInt8(ascii: "K"):
            break
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            let switchesScreen = Self.numbers(parameters).contains { [47, 1047, 1049].contains($0) }
            if parameters.first == UInt8(ascii: "?"), switchesScreen {
                alternate = final == UInt8(ascii: "h")
            }
            column = -1
        case UInt8(ascii: "n"):
            let numbers = Self.numbers(parameters)
            if numbers == [6] { sighted(.query("cursor")) } else if numbers == [5] { sighted(.query("status")) }
        case UInt8(ascii: "c"):
            if parameters.allSatisfy({ $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "0") })
            {
                sighted(.query("attributes"))
            }
        default:
            column = -1
        }
    }

    /// Whether an OSC string asks for a colour: `4;N;?`, `10;?`, `11;?`, `12;?`.
    static func asksColor(_ head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        return text.hasSuffix(";?") && ["4;", "10;", "11;", "12;"].contains { text.hasPrefix($0) }
    }

    static func numbers(_ parameters: [UInt8]) -> [Int] {
        parameters.split(whereSeparator: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }).map { part in
            part.reduce(0) { value, digit in
                (digit >= 0x30 && digit <= 0x39) ? min(value * 10 + Int(digit - 0x30), 100_000) : value
            }
        }
    }

    /// Whether an SGR sets a foreground or background colour (not merely resets one).
    static func setsColor(_ parameters: [UInt8]) -> Bool {
        guard parameters.first != UInt8(ascii: "?") else { return false }
        return numbers(parameters).contains { value in
            (30...37).contains(value) || (40...47).contains(value) || (90...97).contains(value)
                || (100...107).contains(value) || value == 38 || value == 48
        }
    }
}
