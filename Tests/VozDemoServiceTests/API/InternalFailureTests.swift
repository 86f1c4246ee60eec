import Foundation
import Testing

import struct VozKit.HTTPHeader

@testable import VozDemoService

/// A 500 says only "internal error" to the client, as a real service's would; why it happened is kept for the
/// person running the service, so a failure seen once can be explained.
@Suite struct InternalFailureTests {
    private static func request(_ method: String, body: String = "") -> HTTPRequest {
        HTTPRequest(
            method: method, path: "/accounts", query: "", version: "HTTP/1.1",
            headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: Data(body.utf8))
    }

    @Test(arguments: ["GET", "POST"])
    func aBrokenDatabaseIsA500AndItsReasonIsKept(method: String) throws {
        let path = NSTemporaryDirectory() + "voz-internal-\(UUID().uuidString.prefix(8)).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let store = try DemoStore(path: path)
        store.close()
        let api = DemoAPI(
            store: store, faults: .none, stop: try StopSignal(),
            passwords: PasswordHasher(cost: PasswordHasher.testCost))
        let handling = api.handle(Self.request(method, body: DemoFixture.validBody()))
        #expect(handling.status == 500)
        guard case .reply(let response) = handling.disposition else {
            Issue.record("no reply")
            return
        }
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(!text.contains("SQLite"), "the client is told nothing of the database")
        let failures = api.internalFailures.withLock { $0 }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("\(method) /accounts: SQLite error") == true, "\(failures)")
        #expect(failures.first?.contains("database is closed") == true, "\(failures)")
    }

    /// A cost libcrypt refuses makes no salt: a 500, nothing stored, and the reason kept.
    @Test func aHashLibcryptCannotMakeIsA500AndItsReasonIsKept() throws {
        let path = NSTemporaryDirectory() + "voz-internal-\(UUID().uuidString.prefix(8)).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let store = try DemoStore(path: path)
        defer { store.close() }
        let api = DemoAPI(store: store, faults: .none, stop: try StopSignal(), passwords: PasswordHasher(cost: 99))
        let handling = api.handle(Self.request("POST", body: DemoFixture.validBody()))
        #expect(handling.status == 500)
        #expect(try store.accounts().isEmpty)
        #expect(api.internalFailures.withLock { $0 } == ["POST /accounts: libcrypt made no salt or no hash"])
    }
}
