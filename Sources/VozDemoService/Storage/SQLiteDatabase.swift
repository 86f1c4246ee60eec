import CSQLite
import Foundation

/// One SQLite connection, used by one thread at a time (the store serialises access).
///
/// Every statement that carries outside data is prepared and bound; SQL text is only ever a constant.
final class SQLiteDatabase {
    private var handle: OpaquePointer?

    /// Opens (or creates) the database file at `path`.
    init(path: String) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(opened)
            throw SQLiteError(code: code, message: message)
        }
        handle = opened
        sqlite3_busy_timeout(opened, 2_000)
    }

    deinit {
        close()
    }

    /// Closes the connection; later calls fail with "closed".
    func close() {
        if let handle {
            sqlite3_close_v2(handle)
        }
        handle = nil
    }

    // MARK: - Statements

    /// Runs constant SQL with no parameters (schema, pragmas, transactions).
    func execute(_ sql: StaticString) throws(SQLiteError) {
        let statement = try prepare(sql)
        while try statement.step() {}
    }

    /// Prepares one constant statement; values go in through `bind`.
    func prepare(_ sql: StaticString) throws(SQLiteError) -> SQLiteStatement {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "database is closed") }
        var statement: OpaquePointer?
        let text = sql.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        let code = sqlite3_prepare_v2(handle, text, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
        }
        return SQLiteStatement(statement: statement, database: handle)
    }

    /// Runs `body` inside a transaction: committed if it returns, rolled back if it throws.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
