import Foundation
import Synchronization

/// The demo service's SQLite storage: accounts, idempotency records and the request log.
///
/// One connection serialised by a lock: every method is atomic, which is what makes "check the key, then claim it"
/// safe across connection threads.
final class DemoStore: Sendable {
    private let database: Mutex<SQLiteDatabase>

    /// Opens or creates the database at `path` and makes sure the tables exist.
    init(path: String) throws(SQLiteError) {
        let database = try SQLiteDatabase(path: path)
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS accounts (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                email_key TEXT,
                password_hash TEXT NOT NULL,
                coupon TEXT,
                plan TEXT,
                created TEXT NOT NULL
            )
            """)
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS idempotency (
                key TEXT PRIMARY KEY,
                fingerprint TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('in-flight', 'done')),
                status INTEGER,
                headers TEXT,
                body BLOB,
                created TEXT NOT NULL
            )
            """)
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS requests (
                sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                time TEXT NOT NULL,
                method TEXT NOT NULL,
                path TEXT NOT NULL,
                idempotency_key TEXT,
                status INTEGER NOT NULL,
                delivered INTEGER NOT NULL,
                replayed INTEGER NOT NULL
            )
            """)
        // A key left in flight by a previous run belongs to a request that died with it; keeping it would answer
        // 409 forever.
        try database.execute("DELETE FROM idempotency WHERE state = 'in-flight'")
        try Self.addEmailKeys(to: database)
        self.database = Mutex(database)
    }

    /// Closes the connection; the store is unusable afterwards.
    func close() {
        database.withLock { $0.close() }
    }

    // MARK: - Accounts

    /// Every account, oldest first.
    func accounts() throws(SQLiteError) -> [DemoAccount] {
        try locked { database throws(SQLiteError) in
            let statement = try database.prepare("SELECT id, email, created FROM accounts ORDER BY rowid")
            var accounts: [DemoAccount] = []
            while try statement.step() {
                accounts.append(
                    DemoAccount(
                        id: statement.text(0) ?? "", email: statement.text(1) ?? "", created: statement.text(2) ?? ""))
            }
            return accounts
        }
    }

    /// Whether an account already uses this e-mail address or one that cannot be told from it (`EmailIdentity`).
    func emailExists(_ email: String) throws(SQLiteError) -> Bool {
        try locked { database throws(SQLiteError) in try Self.emailExists(email, in: database) }
    }

    private static func emailExists(_ email: String, in database: SQLiteDatabase) throws(SQLiteError) -> Bool {
        let statement = try database.prepare("SELECT 1 FROM accounts WHERE email = ? OR email_key = ?")
        try statement.bind(.text(email), .text(EmailIdentity.key(email)))
        return try statement.step()
    }

    /// Inserts the account and, in the same transaction, stores `reply` for `key`: the account and the reply that
    /// announces it are committed together or not at all. Returns false when the e-mail is already registered,
    /// or one a person cannot tell from it.
    func create(_ account: NewAccount, reply: StoredReply, key: String?) throws(SQLiteError) -> Bool {
        try locked { database throws(SQLiteError) in
            do {
                return try database.transaction {
                    // Checked inside the transaction, under the store's lock: no other insert comes between.
                    guard try !Self.emailExists(account.email, in: database) else { return false }
                    let insert = try database.prepare(
                        """
                        INSERT INTO accounts (id, name, email, email_key, password_hash, coupon, plan, created)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """)
                    try insert.bind(
                        .text(account.id), .text(account.name), .text(account.email),
                        .text(EmailIdentity.key(account.email)), .text(account.passwordHash),
                        account.coupon.map { .text($0) } ?? .null, account.plan.map { .text($0) } ?? .null,
                        .text(account.created))
                    try insert.run()
                    if let key {
                        try Self.complete(key: key, reply: reply, in: database)
                    }
                    return true
                }
            } catch let error as SQLiteError where SQLiteStatement.isConstraintViolation(error) {
                return false
            } catch let error as SQLiteError {
                throw error
            } catch {
                throw SQLiteError(code: -1, message: "\(error)")
            }
        }
    }

    // MARK: - Serialising

    /// Runs `body` holding the connection's lock, keeping the typed error.
    // `Result` is Sendable because it leaves the lock while the connection stays inside it.
    func locked<Result: Sendable>(_ body: (SQLiteDatabase) throws(SQLiteError) -> Result) throws(SQLiteError) -> Result
    {
        let outcome: Swift.Result<Result, SQLiteError> = database.withLock { database in
            do throws(SQLiteError) {
                return .success(try body(database))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
