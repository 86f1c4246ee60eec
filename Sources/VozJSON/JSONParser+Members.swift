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
        cursor.skipWhitespace()
        guard cursor.current == UInt8(ascii: "{") else {
            throw cursor.atEnd
                ? cursor.syntax("the file is empty; expected a JSON value")
                : cursor.unexpected("expected an object, found \(cursor.found)")
        }
        guard try cursor.objectMembers(depth: 1, { key, _, _, value in body(key, value) }) else { return false }
        cursor.skipWhitespace()
        guard cursor.atEnd else {
            throw cursor.unexpected("unexpected \(cursor.found) after the end of the JSON value")
        }
        return true
    }
}

// MARK: - The object grammar

extension JSONCursor {
    /// A member as read: its key's bytes, the key's line and column, and its value.
    typealias MemberBody = (UnsafeBufferPointer<UInt8>, Int, Int, JSONNode) -> Bool

    /// Reads an object, the cursor on its opening brace, handing each member to `body`; false when `body`
    /// stopped. The first keys' ranges are kept on the stack, so a small object costs no allocation for them.
    mutating func objectMembers(depth: Int, _ body: MemberBody) throws(JSONParseError) -> Bool {
        guard depth <= options.maxDepth else {
            throw .tooDeep(line: line, column: column(at: index), limit: options.maxDepth)
        }
        let result = withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 16) { storage in
            Result { () throws(JSONParseError) -> Bool in
                var keys = KeySet(stack: storage)
                return try objectMembers(depth: depth, keys: &keys, body)
            }
        }
        return try result.get()
    }

    private mutating func objectMembers(depth: Int, keys: inout KeySet, _ body: MemberBody) throws(JSONParseError)
        -> Bool
    {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return true
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw unexpected("expected a key in double quotes, found \(found)")
            }
            let keyLine = line
            let keyColumn = column(at: index)
            let keyStart = index + 1
            let plainStart = bytes.baseAddress.map { $0 + keyStart }
            // A key without escapes is its own bytes in the input, kept as a range; only an escaped one is copied.
            var escaped: [UInt8]?
            try stringBytes { key in
                if key.baseAddress != plainStart, !key.isEmpty { escaped = Array(key) }
            }
            let plain = keyStart..<(index - 1)
            if !options.allowsDuplicateKeys {
                let isNew = escaped.map { keys.insert(escaped: $0, in: bytes) } ?? keys.insert(plain, in: bytes)
                if !isNew {
                    let key = escaped ?? Array(UnsafeBufferPointer(rebasing: bytes[plain]))
                    throw .duplicateKey(line: keyLine, column: keyColumn, key: String(decoding: key, as: UTF8.self))
                }
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw unexpected("expected a colon after the key, found \(found)")
            }
            index += 1
            skipWhitespace()
            let value = try value(depth: depth)
            let proceed =
                escaped.map { key in key.withUnsafeBufferPointer { body($0, keyLine, keyColumn, value) } }
                ?? body(UnsafeBufferPointer(rebasing: bytes[plain]), keyLine, keyColumn, value)
            guard proceed else { return false }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return true
            default: throw unexpected("expected a comma or a closing brace, found \(found)")
            }
        }
    }
}

// MARK: - Keys seen

/// The keys of one object read so far, to report a repeated one: the first sixteen as ranges of the input in
/// stack storage (compared byte by byte), the rest hashed.
struct KeySet {
    let stack: UnsafeMutableBufferPointer<Range<Int>>
    var count = 0
    var escaped: [[UInt8]] = []
    var hashed: Set<[UInt8]>?

    init(stack: UnsafeMutableBufferPointer<Range<Int>>) {
        self.stack = stack
    }

    /// Adds a key without escapes; false when it was already there.
    mutating func insert(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = UnsafeBufferPointer(rebasing: bytes[range])
        if hashed != nil || count == stack.count { return insertHashed(Array(key), in: bytes) }
        for index in 0..<count where Self.same(UnsafeBufferPointer(rebasing: bytes[stack[index]]), key) { return false }
        if escaped.contains(where: { $0.withUnsafeBufferPointer { Self.same($0, key) } }) { return false }
        stack.initializeElement(at: count, to: range)
        count += 1
        return true
    }

    /// Adds a key whose escapes were resolved into a copy; false when it was already there.
    mutating func insert(escaped key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if hashed != nil { return insertHashed(key, in: bytes) }
        let repeated = key.withUnsafeBufferPointer { key in
            (0..<count).contains { Self.same(UnsafeBufferPointer(rebasing: bytes[stack[$0]]), key) }
                || escaped.contains { $0.withUnsafeBufferPointer { Self.same($0, key) } }
        }
        if repeated { return false }
        escaped.append(key)
        return true
    }

    /// Past sixteen keys, every key goes into a set, which is first filled with those before.
    private mutating func insertHashed(_ key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if hashed == nil {
            var all = Set(escaped)
            for index in 0..<count { all.insert(Array(UnsafeBufferPointer(rebasing: bytes[stack[index]]))) }
            hashed = all
        }
        return hashed?.insert(key).inserted ?? true
    }

    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }
}
