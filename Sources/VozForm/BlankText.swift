import Foundation

/// Whether a text is empty or only whitespace, as `trimmingCharacters(in: .whitespacesAndNewlines).isEmpty`
/// says, without bridging every label of a large form to `NSString` to find out.
package enum BlankText {
    package static func isBlank(_ text: String) -> Bool {
        // Trimming leaves nothing exactly when every scalar is in the set: decide ASCII here, ask the set the rest.
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09...0x0D, 0x20: continue
            case 0..<0x80: return false
            default: if !CharacterSet.whitespacesAndNewlines.contains(scalar) { return false }
            }
        }
        return true
    }
}
