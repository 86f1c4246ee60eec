import Foundation

/// A private folder under the temporary directory that is removed when the last reference goes, so a test
/// that fails or throws half-way still leaves nothing behind.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = VozProcess.temporaryFolder()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
