// MARK: - One object, member by member

extension JSONParser {
    /// Reads a document that must be one JSON object, handing each member to `body` as it is read — its key as
    /// UTF-8 bytes (escapes resolved) and its value — without building the object: for many small objects read
    /// one after another, such as the lines of a transcript. The grammar, limits, positions and errors are the
    /// parser's own; duplicate keys are reported unless allowed. `body` answers false to stop early, and then
    /// so does this.
    public func forEachMember(
        of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, JSONNode) -> Bool
    ) throws(JSONParseError) -> Bool {
        guard bytes.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
        var cursor = JSONCursor(bytes: bytes, options: self)
        return try cursor.members(body)
    }
}

extension JSONCursor {
    /// The members of the one object the bytes hold, each handed to `body`; false when `body` stopped. The
    /// first keys' ranges are kept on the stack, so a small object costs no allocation of its own.
    mutating func members(_ body: (UnsafeBufferPointer<UInt8>, JSONNode) -> Bool) throws(JSONParseError) -> Bool {
        let result = withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 16) { storage in
            Result { () throws(JSONParseError) -> Bool in
                var keys = KeyRanges(stack: storage)
                return try members(keys: &keys, body)
            }
        }
        return try result.get()
    }

    private mutating func members(
        keys plainKeys: inout KeyRanges, _ body: (UnsafeBufferPointer<UInt8>, JSONNode) -> Bool
    ) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard current == UInt8(ascii: "{") else {
            throw atEnd
                ? syntax("the file is empty; expected a JSON value") : unexpected("expected an object, found \(found)")
        }
        guard options.maxDepth >= 1 else {
            throw .tooDeep(line: line, column: column(at: index), limit: options.maxDepth)
        }
        index += 1
        skipWhitespace()
        // Keys without escapes are their own bytes in the input, kept as ranges; only escaped ones are copied.
        var escapedKeys: [[UInt8]] = []
        if current == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else {
                    throw unexpected("expected a key in double quotes, found \(found)")
                }
                let keyLine = line
                let keyColumn = column(at: index)
                let keyStart = index + 1
                let plainStart = bytes.baseAddress.map { $0 + keyStart }
                var escaped: [UInt8]?
                try stringBytes { key in
                    if key.baseAddress != plainStart, !key.isEmpty { escaped = Array(key) }
                }
                let plain = keyStart..<(index - 1)
                let value: JSONNode
                let proceed: Bool
                if let escaped {
                    try checkRepeat(escaped, plainKeys, escapedKeys, at: keyLine, keyColumn)
                    escapedKeys.append(escaped)
                    value = try memberValue()
                    proceed = escaped.withUnsafeBufferPointer { body($0, value) }
                } else {
                    try checkRepeat(
                        UnsafeBufferPointer(rebasing: bytes[plain]), plainKeys, escapedKeys, at: keyLine, keyColumn)
                    plainKeys.append(plain)
                    value = try memberValue()
                    proceed = body(UnsafeBufferPointer(rebasing: bytes[plain]), value)
                }
                guard proceed else { return false }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1
                default: throw unexpected("expected a comma or a closing brace, found \(found)")
                }
                if bytes[index - 1] == UInt8(ascii: "}") { break }
            }
        }
        skipWhitespace()
        guard atEnd else { throw unexpected("unexpected \(found) after the end of the JSON value") }
        return true
    }

    /// The colon after a key and the value after it.
    private mutating func memberValue() throws(JSONParseError) -> JSONNode {
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw unexpected("expected a colon after the key, found \(found)") }
        index += 1
        skipWhitespace()
        return try value(depth: 1)
    }

    /// Throws a duplicate key error when `key` was read before in this object, unless repeats are allowed.
    private func checkRepeat(
        _ key: some Collection<UInt8>, _ plain: KeyRanges, _ escaped: [[UInt8]], at line: Int, _ column: Int
    ) throws(JSONParseError) {
        guard !options.allowsDuplicateKeys else { return }
        let repeated =
            plain.contains { $0.count == key.count && bytes[$0].elementsEqual(key) }
            || escaped.contains { $0.count == key.count && $0.elementsEqual(key) }
        if repeated {
            throw .duplicateKey(line: line, column: column, key: String(decoding: Array(key), as: UTF8.self))
        }
    }
}

/// The ranges of the keys read so far: the first sixteen in stack storage, any more in an array.
struct KeyRanges {
    let stack: UnsafeMutableBufferPointer<Range<Int>>
    var count = 0
    var overflow: [Range<Int>] = []

    init(stack: UnsafeMutableBufferPointer<Range<Int>>) {
        self.stack = stack
    }

    mutating func append(_ range: Range<Int>) {
        if count < stack.count {
            stack.initializeElement(at: count, to: range)
        } else {
            overflow.append(range)
        }
        count += 1
    }

    func contains(where matches: (Range<Int>) -> Bool) -> Bool {
        for index in 0..<min(count, stack.count) where matches(stack[index]) { return true }
        return overflow.contains(where: matches)
    }
}
