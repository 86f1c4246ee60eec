import Foundation

extension DemoStore {
    /// Gives every account its `EmailIdentity` key, indexed: a database made before keys existed gets the column,
    /// and each of its accounts the key of its address, so a look-alike of an old account is a duplicate too.
    static func addEmailKeys(to database: SQLiteDatabase) throws(SQLiteError) {
        let columns = try database.prepare("SELECT 1 FROM pragma_table_info('accounts') WHERE name = 'email_key'")
        if try !columns.step() {
            try database.execute("ALTER TABLE accounts ADD COLUMN email_key TEXT")
        }
        let missing = try database.prepare("SELECT id, email FROM accounts WHERE email_key IS NULL")
        var accounts: [(id: String, email: String)] = []
        while try missing.step() {
            accounts.append((missing.text(0) ?? "", missing.text(1) ?? ""))
        }
        for account in accounts {
            let update = try database.prepare("UPDATE accounts SET email_key = ? WHERE id = ?")
            try update.bind(.text(EmailIdentity.key(account.email)), .text(account.id))
            try update.run()
        }
        // Not UNIQUE: two old accounts may share a key, and `create` checks before it inserts.
        try database.execute("CREATE INDEX IF NOT EXISTS accounts_email_key ON accounts (email_key)")
    }
}
