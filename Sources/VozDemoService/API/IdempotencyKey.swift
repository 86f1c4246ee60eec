/// Reads the `Idempotency-Key` header: a Structured Field string per the IETF draft (`"8e03978e-..."`), also
/// accepted bare because many clients send it unquoted.
enum IdempotencyKey {
    struct Invalid: Error, Equatable {}

    /// nil when there is no header (a key is optional); `Invalid` for several headers or a bad value.
    static func parse(_ values: [String]) -> Result<String?, Invalid> {
        guard let raw = values.first else { return .success(nil) }
        guard values.count == 1 else { return .failure(Invalid()) }
        var key = Substring(raw)
        if key.count >= 2, key.first == "\"", key.last == "\"" {
            key = key.dropFirst().dropLast()
        }
        guard (1...255).contains(key.utf8.count),
            key.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f && $0 != 0x22 && $0 != 0x5c })
        else { return .failure(Invalid()) }
        return .success(String(key))
    }

    /// The key as the request log records it, whatever became of the request: the parsed key, or the raw header
    /// (shortened) when it was unusable.
    static func logged(_ values: [String]) -> String? {
        switch parse(values) {
        case .success(let key): return key
        case .failure: return values.first.map { String($0.prefix(255)) }
        }
    }
}
