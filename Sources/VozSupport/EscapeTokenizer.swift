/// Splits what a program writes to a terminal into text, controls and escape sequences, as a terminal's parser
/// does (ECMA-48 and xterm's reading of it): the one tokenizer under everything Voz reads terminal output or
/// foreign text with.
///
/// Pure and incremental: bytes go in chunk by chunk, tokens come out, and a sequence cut by a chunk's end is
/// finished by the next chunk, whatever the split. What it holds between chunks is bounded: a control sequence's
/// bytes to `maximumSequenceBytes`, a string's to `maximumStringBytes` (the rest is counted, not kept).
///
/// - An ESC inside a control sequence abandons it and starts a new one; CAN and SUB abandon any (and do nothing
///   else); other C0 controls inside one act at once (they come out as `.control` before it ends), as in every VT
///   parser.
/// - OSC, DCS, SOS, PM and APC strings end at ST (`ESC \`), or at an ESC that starts anything else (which then
///   begins the next sequence), as xterm ends them; OSC and DCS at BEL too.
/// - A non-ASCII character inside a sequence abandons it and is text.
/// - With `readsC1`, the 8-bit controls U+0080–U+009F, in UTF-8, are read as their 7-bit forms (ESC and the letter
///   0x40 above): `CSI` U+009B is `ESC [`, `ST` U+009C is `ESC \`.
public struct EscapeTokenizer: Sendable {
    /// The kinds of string a terminal reads up to ST.
    public enum StringKind: UInt8, Sendable, Equatable {
        /// Operating system command, `ESC ]`: titles, colours, hyperlinks, the clipboard.
        case osc = 0x5D
        /// Device control string, `ESC P`.
        case dcs = 0x50
        /// Start of string, `ESC X`.
        case sos = 0x58
        /// Privacy message, `ESC ^`.
        case pm = 0x5E
        /// Application program command, `ESC _`.
        case apc = 0x5F
    }

    /// One piece of the output.
    public enum Token: Sendable, Equatable {
        /// Bytes a terminal shows: no control, no ESC (UTF-8 text passes as it is).
        case text([UInt8])
        /// A C0 control (or DEL) acted on at once.
        case control(UInt8)
        /// `ESC`, intermediates (0x20–0x2F) and a final byte.
        case escape(intermediates: [UInt8], final: UInt8)
        /// `CSI`: parameter bytes (0x30–0x3F: digits, `;`, `:`, `<`–`?`), intermediates and a final byte (0x40–0x7E);
        /// `overflowed` when it was longer than `maximumSequenceBytes`, whose first bytes alone are kept.
        case controlSequence(parameters: [UInt8], intermediates: [UInt8], final: UInt8, overflowed: Bool)
        /// A string and its body; `overflowed` when it was longer than `maximumStringBytes`, whose first bytes
        /// alone are kept. `terminated` is false when it was abandoned (CAN, SUB) rather than ended.
        case string(StringKind, body: [UInt8], overflowed: Bool, terminated: Bool)
        /// A sequence abandoned before its end (an ESC, CAN, SUB, or a character no sequence holds): its bytes so
        /// far, at most `maximumSequenceBytes` of them after `ESC [`.
        case abandoned([UInt8])
    }

    private enum Mode: Sendable {
        case text
        case escape
        case controlSequence
        case string(StringKind)
        /// An ESC inside a string: ST if a `\` follows.
        case stringEscape(StringKind)
        /// The lead byte 0xC2 of an 8-bit control, waiting for its second byte.
        case c1Lead
    }

    /// The most bytes a control sequence may hold before it is cut: a sequence never ended cannot grow without end.
    public var maximumSequenceBytes: Int
    /// The most bytes an OSC, DCS, APC, PM or SOS string may hold before it is cut, for the same reason.
    public var maximumStringBytes: Int
    /// Whether U+0080–U+009F in UTF-8 are read as controls.
    public var readsC1: Bool

    private var mode = Mode.text
    /// The mode the 0xC2 lead byte came in.
    private var beforeLead = Mode.text
    private var parameters: [UInt8] = []
    private var intermediates: [UInt8] = []
    private var body: [UInt8] = []
    private var overflowed = false
    /// Bytes of the sequence so far, for `.abandoned`.
    private var raw: [UInt8] = []
    /// The byte just read abandoned a sequence and is text: it is read again, as text, so a character is never
    /// split between two parts of text.
    private var rereads = false

    /// A tokenizer that keeps sequences up to `maximumSequenceBytes` and strings up to `maximumStringBytes`.
    public init(maximumSequenceBytes: Int = 64, maximumStringBytes: Int = 4_096, readsC1: Bool = true) {
        self.maximumSequenceBytes = maximumSequenceBytes
        self.maximumStringBytes = maximumStringBytes
        self.readsC1 = readsC1
    }

    /// Whether a sequence or string is open, waiting for more bytes.
    public var isInsideSequence: Bool {
        if case .text = mode { return false }
        return true
    }

    /// Reads `bytes`, handing each whole token to `emit` in order; text is handed on at the chunk's end too, so a
    /// token never waits for a later chunk unless it is an unfinished sequence (or a UTF-8 C1 lead byte).
    public mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: (Token) -> Void) {
        var text: [UInt8] = []
        Array(bytes).withUnsafeBytes { buffer in
            scan(buffer, text: { text.append(contentsOf: $0) }) { token in
                if !text.isEmpty {
                    emit(.text(text))
                    text.removeAll(keepingCapacity: true)
                }
                emit(token)
            }
        }
        if !text.isEmpty { emit(.text(text)) }
    }

    /// Every token of `bytes` read alone, from a fresh tokenizer: what is left unfinished at the end is dropped.
    public static func tokens(of bytes: some Sequence<UInt8>, readsC1: Bool = true) -> [Token] {
        var tokenizer = EscapeTokenizer(readsC1: readsC1)
        var tokens: [Token] = []
        tokenizer.feed(bytes) { tokens.append($0) }
        return tokens
    }

    /// Reads `bytes` without copying its text: each run of text goes to `text` as a part of `bytes` (a run may come
    /// in several parts), every other token to `emit`, in the order they came. For a reader of much output.
    public mutating func scan(
        _ bytes: UnsafeRawBufferPointer, text: (UnsafeRawBufferPointer) -> Void, _ emit: (Token) -> Void
    ) {
        withoutActuallyEscaping(text) { text in
            withoutActuallyEscaping(emit) { emit in
                var sink = Sink(text: text, emit: emit)
                var index = 0
                while index < bytes.count {
                    if case .text = mode {
                        let end = Self.plainEnd(bytes, from: index, readsC1: readsC1)
                        if end > index {
                            text(UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
                            index = end
                            continue
                        }
                    }
                    let byte = bytes[index]
                    index += 1
                    step(byte, &sink)
                    if rereads {
                        rereads = false
                        index -= 1
                    }
                }
            }
        }
    }

    /// Where the steps hand their tokens: text bytes one by one (rare: most text leaves in runs), the rest whole.
    private struct Sink {
        let text: (UnsafeRawBufferPointer) -> Void
        let emit: (Token) -> Void

        func character(_ byte: UInt8) {
            withUnsafeBytes(of: byte) { text($0) }
        }
    }

    /// The end of the run of text from `start`: up to the first C0 control, DEL or ESC, or (reading C1) the lead
    /// byte 0xC2 of U+0080–U+00BF, looked at alone.
    static func plainEnd(_ bytes: UnsafeRawBufferPointer, from start: Int, readsC1: Bool) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            // Eight bytes at a time while none is below 0x20, DEL or 0xC2.
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let lead: UInt64 = readsC1 ? 0xC2 : 0x7F
            while index + 8 <= bytes.count {
                let word = (base + index).loadUnaligned(as: UInt64.self)
                let below = (word &- ones &* 0x20) & ~word & highs
                let delete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & highs
                let leads = ((word ^ (ones &* lead)) &- ones) & ~(word ^ (ones &* lead)) & highs
                if below | delete | leads != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F || (readsC1 && byte == 0xC2) { break }
            index += 1
        }
        return index
    }

    // MARK: - Steps

    private mutating func step(_ byte: UInt8, _ sink: inout Sink) {
        if case .c1Lead = mode {
            mode = beforeLead
            if (0x80...0x9F).contains(byte) {
                control7(0x1B, &sink)
                control7(byte - 0x40, &sink)
                return
            }
            // Not a control: the lead byte and this one are a character.
            character(0xC2, &sink)
            if rereads {
                // Read in an earlier step: it cannot be read again, so it leaves now.
                rereads = false
                sink.character(0xC2)
            }
            character(byte, &sink)
            return
        }
        if readsC1, byte == 0xC2 {
            beforeLead = mode
            mode = .c1Lead
            return
        }
        if byte < 0x80 {
            control7(byte, &sink)
        } else {
            character(byte, &sink)
        }
    }

    /// A byte of a non-ASCII character.
    private mutating func character(_ byte: UInt8, _ sink: inout Sink) {
        let emit = sink.emit
        switch mode {
        case .text, .c1Lead:
            sink.character(byte)
        case .string(let kind):
            keep(byte, inString: kind)
        case .stringEscape(let kind):
            // An ESC then a character no sequence holds: the string ends; the character is text.
            end(kind, terminated: true, emit)
            mode = .text
            rereads = true
        case .escape, .controlSequence:
            emit(.abandoned(raw))
            mode = .text
            rereads = true
        }
    }

    /// An ASCII byte, or the 7-bit form of a C1 control.
    private mutating func control7(_ byte: UInt8, _ sink: inout Sink) {
        let emit = sink.emit
        switch mode {
        case .text, .c1Lead:
            if byte == 0x1B {
                begin(escapeWith: byte)
            } else if byte < 0x20 || byte == 0x7F {
                emit(.control(byte))
            } else {
                sink.character(byte)
            }
        case .escape: escape(byte, &sink)
        case .controlSequence: controlSequence(byte, &sink)
        case .string(let kind): string(byte, kind, &sink)
        case .stringEscape(let kind):
            if byte == UInt8(ascii: "\\") {
                end(kind, terminated: true, emit)
                mode = .text
            } else {
                end(kind, terminated: true, emit)
                begin(escapeWith: 0x1B)
                escape(byte, &sink)
            }
        }
    }

    private mutating func begin(escapeWith byte: UInt8) {
        mode = .escape
        parameters.removeAll(keepingCapacity: true)
        intermediates.removeAll(keepingCapacity: true)
        raw.removeAll(keepingCapacity: true)
        raw.append(byte)
        overflowed = false
    }

    private mutating func escape(_ byte: UInt8, _ sink: inout Sink) {
        let emit = sink.emit
        switch byte {
        case 0x1B: begin(escapeWith: byte)
        case 0x18, 0x1A:
            emit(.abandoned(raw))
            mode = .text
        case 0x00..<0x20: emit(.control(byte))
        case 0x7F: break
        case 0x20...0x2F:
            raw.append(byte)
            if intermediates.count < maximumSequenceBytes { intermediates.append(byte) } else { overflowed = true }
        case UInt8(ascii: "[") where intermediates.isEmpty:
            raw.append(byte)
            mode = .controlSequence
        case UInt8(ascii: "]") where intermediates.isEmpty, UInt8(ascii: "P") where intermediates.isEmpty,
            UInt8(ascii: "X") where intermediates.isEmpty, UInt8(ascii: "^") where intermediates.isEmpty,
            UInt8(ascii: "_") where intermediates.isEmpty:
            raw.append(byte)
            body.removeAll(keepingCapacity: true)
            mode = .string(StringKind(rawValue: byte) ?? .osc)
        default:
            emit(.escape(intermediates: intermediates, final: byte))
            mode = .text
        }
    }

    private mutating func controlSequence(_ byte: UInt8, _ sink: inout Sink) {
        let emit = sink.emit
        switch byte {
        case 0x1B:
            emit(.abandoned(raw))
            begin(escapeWith: byte)
        case 0x18, 0x1A:
            emit(.abandoned(raw))
            mode = .text
        case 0x00..<0x20: emit(.control(byte))
        case 0x7F: break
        case 0x40...0x7E:
            emit(
                .controlSequence(
                    parameters: parameters, intermediates: intermediates, final: byte, overflowed: overflowed))
            mode = .text
        default:
            if raw.count < maximumSequenceBytes + 2 { raw.append(byte) }
            guard parameters.count + intermediates.count < maximumSequenceBytes else {
                overflowed = true
                return
            }
            if byte >= 0x30, intermediates.isEmpty { parameters.append(byte) } else { intermediates.append(byte) }
        }
    }

    private mutating func string(_ byte: UInt8, _ kind: StringKind, _ sink: inout Sink) {
        let emit = sink.emit
        switch byte {
        case 0x07 where kind == .osc || kind == .dcs:
            end(kind, terminated: true, emit)
            mode = .text
        case 0x1B: mode = .stringEscape(kind)
        case 0x18, 0x1A:
            end(kind, terminated: false, emit)
            mode = .text
        // Other controls in a string are ignored, as xterm ignores them.
        case 0x00..<0x20, 0x7F: break
        default: keep(byte, inString: kind)
        }
    }

    private mutating func keep(_ byte: UInt8, inString kind: StringKind) {
        if body.count < maximumStringBytes { body.append(byte) } else { overflowed = true }
    }

    private mutating func end(_ kind: StringKind, terminated: Bool, _ emit: (Token) -> Void) {
        emit(.string(kind, body: body, overflowed: overflowed, terminated: terminated))
        body.removeAll(keepingCapacity: true)
    }
}
