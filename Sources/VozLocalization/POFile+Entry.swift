#if canImport(Glibc)
    import Glibc
#endif

extension POFile {
    /// The entry of PO `text` whose context is `context`, read alone: from its `msgctxt` line to the blank line
    /// after it. Nil when `text` has none, or when `context` would be written with escapes (the search is for the
    /// line as written).
    ///
    /// For a word wanted in every language (a command's name, yes and no): one entry of each language's file is
    /// read, instead of every catalog built and kept, which a session paid two megabytes of its memory for.
    static func entry(context: String, in text: String) -> Entry? {
        guard !context.contains(where: { $0 == "\"" || $0 == "\\" || $0.isNewline }) else { return nil }
        let line = Array("msgctxt \"\(context)\"\n".utf8)
        var text = text
        let block: String? = text.withUTF8 { bytes in
            guard let start = Self.lineStart(line, in: bytes) else { return nil }
            // The entry ends at the first blank line after it, or with the file.
            var end = start
            while end < bytes.count, !(bytes[end] == 0x0A && end + 1 < bytes.count && bytes[end + 1] == 0x0A) {
                end += 1
            }
            return String(
                decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end + 1, bytes.count)]), as: UTF8.self)
        }
        guard let block, let file = try? POFile(text: block, name: "") else { return nil }
        return file.entries.first { $0.context == context }
    }

    /// Where a line of `bytes` starts with `line` (its line feed included), after the first line; nil when none.
    private static func lineStart(_ line: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while let found = memchr(base + index, 0x0A, bytes.count - index) {
            let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            if start + line.count <= bytes.count, line.indices.allSatisfy({ bytes[start + $0] == line[$0] }) {
                return start
            }
            index = start
        }
        return nil
    }
}
