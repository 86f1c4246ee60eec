/// A rule's verdict on each distinct line of a transcript, worked out once: sessions say the same lines (every
/// prompt, every "Enviando") again and again.
///
/// Lines are told apart by their UTF-8 bytes. A `String` key would be hashed in normalized form, which for
/// Spanish text costs about as much as the check it saves; equal bytes are always equal text, so a verdict is
/// only ever shared between identical lines.
struct LineMemo<Value> {
    private var verdicts: [Line: Value] = [:]

    /// The verdict on `text`, from `judge` the first time the line is met.
    mutating func verdict(on text: String, _ judge: (String) -> Value) -> Value {
        let line = Line(text: text)
        if let known = verdicts[line] { return known }
        let verdict = judge(text)
        verdicts[line] = verdict
        return verdict
    }

    private struct Line: Hashable {
        let text: String

        static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            if hashed == nil {
                for byte in text.utf8 { hasher.combine(byte) }
            }
            hasher.combine(text.utf8.count)
        }
    }
}
