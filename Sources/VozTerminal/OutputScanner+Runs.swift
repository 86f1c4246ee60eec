extension OutputScanner {
    // MARK: - Runs of printable text

    /// A run of printable bytes, what most output is: the same as `text` byte by byte. A run that cannot reach the
    /// last column (or starts past it, or where the cursor was moved by an escape) wraps no word, so only the
    /// column, the word being written and the line move, found from the run's bytes eight at a time; a run that may
    /// reach it is read character by character.
    mutating func printable(
        _ bytes: UnsafeRawBufferPointer, from start: Int, _ sighted: (Sighting) -> Void
    ) -> Int {
        let end = Self.printableEnd(bytes, from: start)
        let characters = Self.characterCount(bytes, start..<end)
        // The wrap is checked at characters whose column is `width`; in this run they are at most `characters - 1`
        // columns on from `column`.
        guard column < 0 || column > width || column + characters <= width else {
            return wrappingPrintable(bytes, from: start, sighted)
        }
        home = false
        if column >= 0 { column += characters }
        keepWord(bytes, start..<end)
        copyLine(bytes, from: start, to: end)
        return end
    }

    /// The word being written after a run that wrapped nothing: what follows the run's last byte that is neither a
    /// letter nor a digit (ASCII), continuation bytes before a character's first byte left out, as `text` leaves
    /// them out; or, when the run has no such byte, the word carried on.
    private mutating func keepWord(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) {
        var separator = range.upperBound - 1
        while separator >= range.lowerBound, !Self.separates(bytes[separator]) { separator -= 1 }
        if separator < range.lowerBound, !word.isEmpty {
            word.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
            return
        }
        var first = max(separator + 1, range.lowerBound)
        while first < range.upperBound, bytes[first] & 0xC0 == 0x80 { first += 1 }
        if !word.isEmpty { word.removeAll(keepingCapacity: true) }
        if first < range.upperBound {
            word.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[first..<range.upperBound]))
        }
    }

    /// An ASCII byte that is neither a letter nor a digit: it ends a word.
    private static func separates(_ byte: UInt8) -> Bool {
        byte < 0x80 && !(byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) && !(byte >= 0x30 && byte <= 0x39)
    }

    /// The end of the printable run from `start`: the first C0 control or DEL, or the end of the bytes.
    static func printableEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            // Eight at a time while none is below 0x20 or DEL (0x7F is zero after XOR with 0x7F).
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                let word = (base + index).loadUnaligned(as: UInt64.self)
                let below = (word &- ones &* 0x20) & ~word & highs
                let delete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & highs
                if below | delete != 0 { break }
                index += 8
            }
        }
        while index < bytes.count, bytes[index] >= 0x20, bytes[index] != 0x7F { index += 1 }
        return index
    }

    /// How many characters `range` holds: its bytes that are not UTF-8 continuation bytes.
    static func characterCount(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
        var count = range.count
        var index = range.lowerBound
        if let base = bytes.baseAddress {
            while index + 8 <= range.upperBound {
                let word = (base + index).loadUnaligned(as: UInt64.self)
                // A continuation byte is 10xxxxxx: its top bit set and the next one clear.
                count -= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
                index += 8
            }
        }
        while index < range.upperBound {
            if bytes[index] & 0xC0 == 0x80 { count -= 1 }
            index += 1
        }
        return count
    }

    /// A run of printable bytes that may reach the last column, read character by character: the same as `text`
    /// byte by byte, with the word and the line kept as positions in the run and copied once at its end.
    private mutating func wrappingPrintable(
        _ bytes: UnsafeRawBufferPointer, from start: Int, _ sighted: (Sighting) -> Void
    ) -> Int {
        home = false
        var index = start
        // The word so far is `word` (carried from before the run) and then bytes[wordStart..<index].
        var wordStart = start
        var wordLength = word.count
        var lineCopied = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { break }
            index += 1
            // UTF-8 continuation bytes take no column.
            if byte & 0xC0 == 0x80 {
                if wordLength > 0 { wordLength += 1 }
                continue
            }
            let letter = byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            if letter {
                if wordLength == 0 {
                    word.removeAll(keepingCapacity: true)
                    wordStart = index - 1
                }
                wordLength += 1
            } else if wordLength > 0 {
                word.removeAll(keepingCapacity: true)
                wordLength = 0
            }
            guard column >= 0 else { continue }
            if column == width, letter, wordLength >= 2 {
                copyLine(bytes, from: lineCopied, to: index)
                lineCopied = index
                let split =
                    String(decoding: word, as: UTF8.self)
                    + String(decoding: UnsafeRawBufferPointer(rebasing: bytes[wordStart..<index]), as: UTF8.self)
                sighted(.wrappedWord(split, line: String(decoding: currentLine, as: UTF8.self)))
            }
            column += 1
        }
        copyLine(bytes, from: lineCopied, to: index)
        if wordLength > 0 { word.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[wordStart..<index])) }
        return index
    }

    /// Adds bytes to the line being written, which keeps its first 1,024.
    mutating func copyLine(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        let room = 1024 - currentLine.count
        guard room > 0, end > start else { return }
        currentLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<min(end, start + room)]))
    }
}
