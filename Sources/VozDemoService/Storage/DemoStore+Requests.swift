import Foundation

// MARK: - Request log

extension DemoStore {
    /// Appends one request to the log; the sequence number is assigned here.
    func log(
        method: String, path: String, idempotencyKey: String?, status: Int, delivered: Bool, replayed: Bool
    ) throws(SQLiteError) {
        try locked { database throws(SQLiteError) in
            let insert = try database.prepare(
                """
                INSERT INTO requests (time, method, path, idempotency_key, status, delivered, replayed)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            try insert.bind(
                .text(DemoClock.timestamp()), .text(method), .text(path), idempotencyKey.map { .text($0) } ?? .null,
                .integer(status), .integer(delivered ? 1 : 0), .integer(replayed ? 1 : 0))
            try insert.run()
        }
    }

    /// Every logged request, oldest first.
    func requestLog() throws(SQLiteError) -> [DemoRequestRecord] {
        try locked { database throws(SQLiteError) in
            let select = try database.prepare(
                """
                SELECT sequence, time, method, path, idempotency_key, status, delivered, replayed
                FROM requests ORDER BY sequence
                """)
            var records: [DemoRequestRecord] = []
            while try select.step() {
                records.append(
                    DemoRequestRecord(
                        sequence: select.int(0), time: select.text(1) ?? "", method: select.text(2) ?? "",
                        path: select.text(3) ?? "", idempotencyKey: select.text(4), status: select.int(5),
                        delivered: select.int(6) != 0, replayed: select.int(7) != 0))
            }
            return records
        }
    }
}
