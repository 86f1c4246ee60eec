import VozSupport

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
/// What it drops is counted, so the audit can say which part of the screen it could not check. The sequences are
/// read by the package's one tokenizer (`EscapeTokenizer`); the guard decides what of each passes.
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
    static let maximumRepeats = 1_024

    /// Sequences and strings, read across calls; a string's `ESC ]` counts towards its limit, as libvterm's does.
    private var tokenizer = EscapeTokenizer(
        maximumSequenceBytes: maximumSequenceBytes, maximumStringBytes: maximumStringBytes - 2, readsC1: true)
    /// Where filtered bytes gather before they are handed on, kept empty between calls.
    private var buffer: [UInt8] = []
    /// The graphic character just written, for REP (`CSI n b`), which libvterm 0.1.4 loops on forever when no
    /// character came before it: the guard writes the repeats itself and never passes REP on.
    private var lastGraphic: Unicode.Scalar?

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
        // Out of `self` while it runs: its callbacks change the rest of the guard.
        var tokenizer = self.tokenizer
        var text = text
        text.withUTF8 { bytes in
            tokenizer.scan(
                UnsafeRawBufferPointer(bytes),
                text: { run in pass(run, &output, emit) },
                { token in
                    pass(token, &output, cut)
                    if output.count >= Self.chunkBytes {
                        output.withUnsafeBytes(emit)
                        output.removeAll(keepingCapacity: true)
                    }
                })
        }
        self.tokenizer = tokenizer
        if !output.isEmpty { output.withUnsafeBytes(emit) }
        output.removeAll(keepingCapacity: true)
        swap(&output, &buffer)
    }

    // MARK: - Text

    /// Plain text passes as it is, in chunks that end at the first character boundary at or past `chunkBytes`.
    private mutating func pass(
        _ run: UnsafeRawBufferPointer, _ output: inout [UInt8], _ emit: (UnsafeRawBufferPointer) -> Void
    ) {
        var index = 0
        while index < run.count {
            var end = min(run.count, index + max(1, Self.chunkBytes - output.count))
            while end < run.count, run[end] & 0xC0 == 0x80 { end += 1 }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: run[index..<end]))
            index = end
            lastGraphic = Self.lastGraphic(output)
            if output.count >= Self.chunkBytes {
                output.withUnsafeBytes(emit)
                output.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The graphic character `bytes` end with, for REP: nil when it is a control or unfinished.
    private static func lastGraphic(_ bytes: [UInt8]) -> Unicode.Scalar? {
        guard var start = bytes.indices.last else { return nil }
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let lead = bytes[start]
        if lead < 0x80 { return (0x20..<0x7F).contains(lead) ? Unicode.Scalar(lead) : nil }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard bytes.count - start == length else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | (UInt32(bytes[start + offset]) & 0x3F) }
        return Unicode.Scalar(value)
    }

    // MARK: - Sequences

    private mutating func pass(_ token: EscapeTokenizer.Token, _ output: inout [UInt8], _ cut: (Cut) -> Void) {
        switch token {
        case .text(let bytes):
            output.append(contentsOf: bytes)
            lastGraphic = Self.lastGraphic(output)
        case .control(let byte):
            output.append(byte)
            lastGraphic = nil
        case .escape(let intermediates, let final):
            lastGraphic = nil
            // libvterm keeps at most four bytes of an escape sequence.
            guard intermediates.count <= 3 else { return cut(.sequence) }
            output.append(0x1B)
            output.append(contentsOf: intermediates)
            output.append(final)
        case .controlSequence(let parameters, let intermediates, let final, let overflowed):
            defer { lastGraphic = nil }
            let body = parameters + intermediates
            guard !overflowed, Self.fits(body) else { return cut(.sequence) }
            if final == UInt8(ascii: "b") { return repeatLast(body, &output, cut) }
            output.append(contentsOf: [0x1B, UInt8(ascii: "[")])
            output.append(contentsOf: body)
            output.append(final)
        case .string(let kind, let body, let overflowed, let terminated):
            // SOS, PM and APC are dropped, as xterm ignores them.
            guard kind == .osc || kind == .dcs else { return }
            if terminated { lastGraphic = nil }
            if overflowed { return cut(.string) }
            // Cancelled (CAN, SUB): nothing of it passes.
            guard terminated else { return }
            output.append(contentsOf: [0x1B, kind.rawValue])
            output.append(contentsOf: body)
            output.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
        case .abandoned(let bytes):
            // A control sequence abandoned past a limit was being dropped; one within them simply ends.
            if bytes.count > 1, bytes[1] == UInt8(ascii: "["), !Self.fits(Array(bytes.dropFirst(2))) { cut(.sequence) }
        }
    }

    /// Whether a control sequence's bytes after `ESC [` are within libvterm's limits: at most 16 parameters (`;`
    /// and `:` both start one), none longer than 8 bytes, 64 bytes in all.
    private static func fits(_ body: [UInt8]) -> Bool {
        guard body.count + 2 <= maximumSequenceBytes else { return false }
        var parameters = 1
        var length = 0
        for byte in body {
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                parameters += 1
                length = 0
            } else {
                length += 1
            }
            if parameters > maximumParameters || length > maximumParameterLength { return false }
        }
        return true
    }

    /// REP: the character before it again, `digits` times, at most `maximumRepeats`.
    private mutating func repeatLast(_ digits: [UInt8], _ output: inout [UInt8], _ cut: (Cut) -> Void) {
        guard let graphic = lastGraphic, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return }
        let count = max(1, digits.reduce(0) { min($0 * 10 + Int($1 - 0x30), Self.maximumRepeats + 1) })
        if count > Self.maximumRepeats { cut(.sequence) }
        let bytes = Array(String(graphic).utf8)
        for _ in 0..<min(count, Self.maximumRepeats) { output.append(contentsOf: bytes) }
    }
}
