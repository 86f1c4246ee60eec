import Foundation

/// A URL from a literal the test wrote; a typo makes the test that uses it fail on the request, not crash the run.
func literalURL(_ text: String) -> URL {
    URL(string: text) ?? URL(fileURLWithPath: "/not-a-valid-test-url")
}
