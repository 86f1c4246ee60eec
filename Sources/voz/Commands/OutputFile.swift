import Foundation
import VozKit

/// Writes a file the person named on the command line (`-o FILE`): through a temporary file renamed into place, so
/// a symbolic link at its name is refused and never followed, and a half-written file is never left. A recording
/// is written the same way as it is made, by `CastFileWriter`.
enum OutputFile {
    /// Writes `data` to `path` with `mode`; on failure says one sentence naming the file and returns false.
    /// `failure` is the command's own sentence for a file that cannot be written.
    static func write(
        _ data: Data, to path: String, mode: mode_t = 0o600, localizer: Localizer, failure: String
    ) -> Bool {
        do throws(PrivateFile.Failure) {
            try PrivateFile.replace(path, with: data, mode: mode, creatingFolder: false)
            return true
        } catch {
            say(error, path: path, localizer: localizer, failure: failure)
            return false
        }
    }

    /// Says why the file the person named `path` could not be written, in one sentence naming it.
    static func say(_ error: PrivateFile.Failure, path: String, localizer: Localizer, failure: String) {
        switch error {
        case .isSymbolicLink: Console.error(localizer.text("output.isLink", ["file": path]))
        case .notAFile: Console.error(localizer.text("output.notAFile", ["file": path]))
        default: Console.error(failure)
        }
    }
}
