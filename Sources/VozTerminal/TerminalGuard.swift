/// Stands between a recording's output and libvterm: passes on only what Debian 12's libvterm (0.1.4) can hold.
///
/// That libvterm writes a CSI's 17th parameter past the end of its array, reads an 8-bit C1 control in UTF-8 as a
/// character of width -1 (the cursor goes to column -1; in insert mode the next move is a negative-length
/// memcpy), and puts a whole run of text in one stack array (a few megabytes overflow the stack). So:
///
/// - an 8-bit C1 control (U+0080–U+009F) becomes its 7-bit form, ESC and the letter 0x40 above it, as xterm
///   reads C1 controls in UTF-8 mode (`CSI` U+009B is `ESC [`, `NEL` U+0085 is `ESC E`, `ST` U+009C is `ESC \`);
/// - a CSI with more than 16 parameters (`;` and `:` both start one), a parameter longer than 8 characters, or
///   more than 64 bytes in all is dropped whole;
/// - an OSC or DCS string longer than 4,096 bytes is dropped whole, up to its terminator;
/// - SOS, PM and APC strings are dropped, as xterm ignores them;
/// - REP (`CSI n b`) is written out as the repeated character (at most 1,024 times), never passed on: with no
///   character before it, libvterm 0.1.4 loops forever;
/// - text leaves in runs of at most `chunkBytes`.
///
/// What it drops is counted, so the audit can say which part of the screen it could not check.
struct TerminalGuard: Sendable {
    /// What the guard dropped.
    enum Cut: Sendable, Equatable {
        /// A control sequence with too many or too long parameters.
        case sequence
        /// An OSC or DCS string too long to hold.
        case string
    }

    static let maximumParameters = 16
    static let maximumParameterLength = 8
    static let maximumSequenceBytes = 64
    static let maximumStringBytes = 4_096
    /// The most bytes handed to libvterm at once: its text runs live on its stack.
    static let chunkBytes = 4_096

    private enum Mode: Sendable {
        case text
        /// After ESC, with any intermediate bytes in `pending`.
        case escape
        case csi
        /// An OSC or DCS string; `stringEscape` after an ESC inside it.
        case string
        case stringEscape
        /// SOS, PM or APC: nothing passes until ST.
        case ignored
        case ignoredEscape
    }

    private var mode = Mode.text
    /// Where filtered bytes gather before they are handed on, kept empty between calls.
    private var buffer: [UInt8] = []
    /// The sequence being read, not yet passed on.
    private var pending: [UInt8] = []
    /// Whether the sequence being read has passed a limit: it is swallowed up to its end.
    private var dropping = false
    private var parameters = 1
    private var parameterLength = 0
    /// The graphic character just written, for REP (`CSI n b`), which libvterm 0.1.4 loops on forever when no
    /// character came before it: the guard writes the repeats itself and never passes REP on.
    private var lastGraphic: Unicode.Scalar?
    static let maximumRepeats = 1_024

    // MARK: - Filtering

    /// Filters `text`, handing libvterm-safe bytes to `emit` in chunks of at most about `chunkBytes`, and each
    /// sequence dropped to `cut`. State carries over to the next call: a sequence may span output events.
    mutating func filter(
        _ text: String, emit: (UnsafeRawBufferPointer) -> Void, cut: (Cut) -> Void
    ) {
        // The buffer is kept from one call to the next: a replay calls this for every output event.
        var output: [UInt8] = []
        swap(&output, &buffer)
        output.reserveCapacity(Self.chunkBytes + Self.maximumStringBytes + 16)
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                if mode == .text {
                    // Plain text, the bulk of any output, passes in one copy: in text mode every byte but ESC and
                    // an 8-bit control goes through as it is, so only the run's end needs looking at.
                    let end = Self.plainRun(bytes, from: index, atMost: Self.chunkBytes - output.count)
                    if end > index {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                        lastGraphic = Self.lastGraphic(bytes, before: end)
                        index = end
                        if output.count >= Self.chunkBytes {
                            output.withUnsafeBytes(emit)
                            output.removeAll(keepingCapacity: true)
                        }
                        continue
                    }
                }
                let (scalar, length) = Self.scalar(bytes, at: index)
                index += length
                if (0x80...0x9F).contains(scalar.value) {
                    step(0x1B, scalar: nil, &output, cut)
                    step(UInt8(scalar.value - 0x40), scalar: nil, &output, cut)
                } else if scalar.isASCII {
                    step(UInt8(scalar.value), scalar: nil, &output, cut)
                } else {
                    step(0xFF, scalar: scalar, &output, cut)
                }
                if output.count >= Self.chunkBytes {
                    output.withUnsafeBytes(emit)
                    output.removeAll(keepingCapacity: true)
                }
            }
        }
        if !output.isEmpty { output.withUnsafeBytes(emit) }
        output.removeAll(keepingCapacity: true)
        swap(&output, &buffer)
    }

    // MARK: - Plain runs

    /// The end of the run of plain text from `start`: up to the first ESC or 8-bit control, and no further than
    /// the first scalar boundary at or past `limit` bytes, where the character-by-character path would emit too.
    private static func plainRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atMost limit: Int) -> Int {
        var index = start
        let count = bytes.count
        if let base = bytes.baseAddress {
            // Eight bytes at a time while none is ESC or 0xC2 (the first byte of every 8-bit control) and all are
            // within the limit.
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= count, index + 8 - start <= limit {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let escape = word ^ (ones &* 0x1B)
                let lead = word ^ (ones &* 0xC2)
                if ((escape &- ones) & ~escape | (lead &- ones) & ~lead) & highs != 0 { break }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x1B { break }
            // U+0080–U+009F is C2 80 – C2 9F in UTF-8.
            if byte == 0xC2, index + 1 < count, bytes[index + 1] & 0xE0 == 0x80 { break }
            if index - start >= limit, byte & 0xC0 != 0x80 { break }
            index += 1
        }
        return index
    }

    /// The graphic character a plain run ends with, for REP: nil when it ends with a control.
    private static func lastGraphic(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Unicode.Scalar? {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let (scalar, _) = scalar(bytes, at: start)
        if scalar.isASCII { return (0x20..<0x7F).contains(scalar.value) ? scalar : nil }
        return scalar
    }

    /// The scalar starting at `index` of valid UTF-8, and its length in bytes.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// One character: `byte` for ASCII (and C1 already split into ESC and a letter), or 0xFF with the scalar.
    private mutating func step(_ byte: UInt8, scalar: Unicode.Scalar?, _ output: inout [UInt8], _ cut: (Cut) -> Void) {
        switch mode {
        case .text: text(byte, scalar: scalar, &output)
        case .escape: escape(byte, scalar: scalar, &output, cut)
        case .csi: csi(byte, scalar: scalar, &output, cut)
        case .string: string(byte, scalar: scalar, &output, cut)
        case .stringEscape:
            if byte == UInt8(ascii: "\\") {
                endString(&output, cut)
            } else {
                // An ESC that starts anything else ends the string (as xterm does) and begins a sequence.
                endString(&output, cut)
                begin(escapeWith: &output)
                escape(byte, scalar: scalar, &output, cut)
            }
        case .ignored:
            if byte == 0x1B { mode = .ignoredEscape } else if byte == 0x18 || byte == 0x1A { mode = .text }
        case .ignoredEscape:
            if byte == UInt8(ascii: "\\") {
                mode = .text
            } else {
                begin(escapeWith: &output)
                escape(byte, scalar: scalar, &output, cut)
            }
        }
    }

    private mutating func text(_ byte: UInt8, scalar: Unicode.Scalar?, _ output: inout [UInt8]) {
        if let scalar {
            UTF8.encode(scalar) { output.append($0) }
            lastGraphic = scalar
        } else if byte == 0x1B {
            begin(escapeWith: &output)
        } else {
            output.append(byte)
            lastGraphic = (0x20..<0x7F).contains(byte) ? Unicode.Scalar(byte) : nil
        }
    }

    /// REP: the character before it again, `pending` times (after `ESC [`), at most `maximumRepeats`.
    private mutating func repeatLast(_ output: inout [UInt8], _ cut: (Cut) -> Void) {
        defer { lastGraphic = nil }
        let digits = pending.dropFirst(2)
        guard let graphic = lastGraphic, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return }
        let count = max(1, digits.reduce(0) { min($0 * 10 + Int($1 - 0x30), Self.maximumRepeats + 1) })
        if count > Self.maximumRepeats { cut(.sequence) }
        let bytes = Array(String(graphic).utf8)
        for _ in 0..<min(count, Self.maximumRepeats) { output.append(contentsOf: bytes) }
    }

    private mutating func begin(escapeWith output: inout [UInt8]) {
        mode = .escape
        pending.removeAll(keepingCapacity: true)
        pending.append(0x1B)
        dropping = false
    }

    // MARK: - Escape sequences

    private mutating func escape(_ byte: UInt8, scalar: Unicode.Scalar?, _ output: inout [UInt8], _ cut: (Cut) -> Void)
    {
        if scalar != nil || byte == 0x18 || byte == 0x1A {
            // Cancelled, or broken by a character no escape sequence holds: the character is text.
            mode = .text
            if scalar != nil { text(byte, scalar: scalar, &output) }
            return
        }
        let plain = pending.count == 1 && !dropping
        switch byte {
        case 0x1B: begin(escapeWith: &output)
        case 0x7F: break
        case 0x00..<0x20: output.append(byte)
        case 0x20...0x2F:
            guard !dropping else { return }
            pending.append(byte)
            if pending.count > 4 {
                dropping = true
                pending.removeAll(keepingCapacity: true)
            }
        case UInt8(ascii: "[") where plain:
            mode = .csi
            pending.append(byte)
            parameters = 1
            parameterLength = 0
        case UInt8(ascii: "]") where plain, UInt8(ascii: "P") where plain:
            mode = .string
            pending.append(byte)
        case UInt8(ascii: "X") where plain, UInt8(ascii: "^") where plain, UInt8(ascii: "_") where plain:
            mode = .ignored
        default:
            if dropping {
                cut(.sequence)
            } else {
                output.append(contentsOf: pending)
                output.append(byte)
            }
            mode = .text
            lastGraphic = nil
        }
    }

    private mutating func csi(_ byte: UInt8, scalar: Unicode.Scalar?, _ output: inout [UInt8], _ cut: (Cut) -> Void) {
        if scalar != nil || byte == 0x18 || byte == 0x1A {
            if dropping { cut(.sequence) }
            mode = .text
            if scalar != nil { text(byte, scalar: scalar, &output) }
            return
        }
        switch byte {
        case 0x1B:
            if dropping { cut(.sequence) }
            begin(escapeWith: &output)
        case 0x7F: break
        // C0 controls inside a sequence act at once, as in every VT parser.
        case 0x00..<0x20: output.append(byte)
        case 0x40...0x7E:
            mode = .text
            if dropping {
                cut(.sequence)
            } else if byte == UInt8(ascii: "b") {
                repeatLast(&output, cut)
            } else {
                output.append(contentsOf: pending)
                output.append(byte)
            }
            lastGraphic = nil
        default:
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                parameters += 1
                parameterLength = 0
            } else {
                parameterLength += 1
            }
            guard !dropping else { return }
            pending.append(byte)
            if parameters > Self.maximumParameters || parameterLength > Self.maximumParameterLength
                || pending.count > Self.maximumSequenceBytes
            {
                dropping = true
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    // MARK: - Strings

    private mutating func string(
        _ byte: UInt8, scalar: Unicode.Scalar?, _ output: inout [UInt8], _ cut: (Cut) -> Void
    ) {
        switch byte {
        case 0x07: endString(&output, cut)
        case 0x1B: mode = .stringEscape
        case 0x18, 0x1A:
            mode = .text
            if dropping { cut(.string) }
        // Other controls in a string are ignored by xterm.
        case 0x00..<0x20, 0x7F: break
        default:
            guard !dropping else { return }
            if let scalar { UTF8.encode(scalar) { pending.append($0) } } else { pending.append(byte) }
            if pending.count > Self.maximumStringBytes {
                dropping = true
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    private mutating func endString(_ output: inout [UInt8], _ cut: (Cut) -> Void) {
        mode = .text
        lastGraphic = nil
        if dropping {
            cut(.string)
            return
        }
        output.append(contentsOf: pending)
        output.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
    }
}
