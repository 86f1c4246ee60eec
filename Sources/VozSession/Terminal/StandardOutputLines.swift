import Foundation
import VozSupport

/// Every message as one plain line on standard output, for the user's own screen reader.
///
/// Each line passes `TextSanitizer.printable` on its way out: whatever it quotes (a server's message, a value
/// typed), no escape sequence or control character reaches the terminal. A terminal that went away does not stop
/// the session before its draft is saved, so a failed write is dropped rather than raised.
public struct StandardOutputLines: LineSink {
    /// Lines to standard output.
    public init() {}

    /// Prints `line`, made printable, and a newline.
    public func write(line: String) async {
        try? FileHandle.standardOutput.write(contentsOf: Data((TextSanitizer.printable(line) + "\n").utf8))
    }
}
