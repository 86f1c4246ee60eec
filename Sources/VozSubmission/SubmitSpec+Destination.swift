import Foundation
import VozForm

// Where a form's answers go, as drafts and pending sends are filed: the same form aimed at another server is another
// draft, so one server's answers are never offered, nor its unanswered sends reused, for another.
extension SubmitSpec {
    /// The request's method and address as the form gives them (the template, when the address has parameters).
    public var destination: String {
        "\(method.rawValue) \(urlTemplate ?? url.absoluteString)"
    }

    /// A short tag for `destination` that can be part of a file name and says nothing of the address itself: the
    /// first 16 hexadecimal digits of its SHA-256.
    public var destinationTag: String {
        String(PayloadFingerprint.sha256Hex(Array(destination.utf8)).prefix(16))
    }
}
