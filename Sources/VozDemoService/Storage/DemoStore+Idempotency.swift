import Foundation
import VozForm

// MARK: - Idempotency records

extension DemoStore {
    /// Claims `key` for a request whose payload has `fingerprint` (IETF httpapi-idempotency-key-header).
    func reserve(key: String, fingerprint: String) throws(SQLiteError) -> Reservation {
        try locked { database throws(SQLiteError) in
            let lookup = try database.prepare(
                "SELECT fingerprint, state, status, headers, body FROM idempotency WHERE key = ?")
            try lookup.bind(.text(key))
            if try lookup.step() {
                guard lookup.text(0) == fingerprint else { return .mismatch }
                guard lookup.text(1) == "done" else { return .inFlight }
                let headers = (lookup.text(3)?.data(using: .utf8)).flatMap {
                    try? JSONDecoder().decode([HTTPHeader].self, from: $0)
                }
                return .replay(StoredReply(status: lookup.int(2), headers: headers ?? [], body: lookup.blob(4)))
            }
            let insert = try database.prepare(
                "INSERT INTO idempotency (key, fingerprint, state, created) VALUES (?, ?, 'in-flight', ?)")
            try insert.bind(.text(key), .text(fingerprint), .text(DemoClock.timestamp()))
            try insert.run()
            return .reserved
        }
    }

    /// Forgets a key whose request ended without effect (a validation error), so the same key may carry the
    /// corrected payload; like Stripe, only requests that changed something keep their reply.
    func release(key: String) throws(SQLiteError) {
        try locked { database throws(SQLiteError) in
            let delete = try database.prepare("DELETE FROM idempotency WHERE key = ? AND state = 'in-flight'")
            try delete.bind(.text(key))
            try delete.run()
        }
    }

    /// Marks `key` done with the reply to replay; runs inside the caller's transaction.
    static func complete(key: String, reply: StoredReply, in database: SQLiteDatabase) throws(SQLiteError) {
        let headers = (try? JSONEncoder().encode(reply.headers)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let update = try database.prepare(
            "UPDATE idempotency SET state = 'done', status = ?, headers = ?, body = ? WHERE key = ?")
        try update.bind(.integer(reply.status), .text(headers), .blob(reply.body), .text(key))
        try update.run()
    }
}
