import CSQLite
import Foundation

/// A prepared statement: bind values by position (1-based), step, read columns (0-based).
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: OpaquePointer

    init(statement: OpaquePointer, database: OpaquePointer) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    // MARK: - Binding

    // SQLite copies the text at bind time when told the buffer is transient; Swift does not export the
    // SQLITE_TRANSIENT macro, so it is rebuilt here.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    @discardableResult
    func bind(_ values: SQLiteValue...) throws(SQLiteError) -> SQLiteStatement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null:
                code = sqlite3_bind_null(statement, index)
            case .integer(let number):
                code = sqlite3_bind_int64(statement, index, Int64(number))
            case .real(let number):
                code = sqlite3_bind_double(statement, index, number)
            case .text(let text):
                code = sqlite3_bind_text(statement, index, text, -1, Self.transient)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count), Self.transient)
                }
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
        return self
    }

    // MARK: - Stepping

    /// Advances to the next row; false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw failure(code)
        }
    }

    /// Steps to completion, for statements that return no rows.
    func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Whether the last failure was a UNIQUE or PRIMARY KEY violation.
    static func isConstraintViolation(_ error: SQLiteError) -> Bool {
        error.code & 0xff == SQLITE_CONSTRAINT
    }

    // MARK: - Columns

    func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(statement, column))
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(statement, column)
    }

    func text(_ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL,
            let pointer = sqlite3_column_text(statement, column)
        else { return nil }
        return String(cString: pointer)
    }

    func blob(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: pointer, count: count)
    }

    private func failure(_ code: Int32) -> SQLiteError {
        let extended = sqlite3_extended_errcode(database)
        return SQLiteError(code: extended == 0 ? code : extended, message: String(cString: sqlite3_errmsg(database)))
    }
}
