/// A failure of the SQLite C API, with SQLite's own message for the technical log.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String

    var description: String { "SQLite error \(code): \(message)" }
}
