import Foundation

// MARK: - A refused answer

extension Session {
    /// Says why a typed line was refused, so a person types it again; an answers file stops here instead.
    func refuse(_ message: String) async {
        if await stopsUnattended(message) { return }
        await say(message, .assertive)
    }

    /// Ends an unattended run at its first refused line, naming the file, the line and `message` (the field and
    /// why): every later line was written for a field after this one, and fed to this one instead, a password
    /// became a visible e-mail attempt in the transcript. Returns whether the run ended; a person (no answers
    /// file) is asked again by the caller.
    func stopsUnattended(_ message: String) async -> Bool {
        guard let file = input.answersFile else { return false }
        // The file by its name, as the person knows it: a whole path is long to hear, and a temporary folder's
        // name is a UUID the transcript audit rightly refuses to hear.
        let name = (file as NSString).lastPathComponent
        let place = localizer.text(
            "session.answers.refused", ["file": name, "line": String(lineNumber), "error": message])
        // As when any run ends (`leave`): never "not sent" while a send may have arrived, and no save claimed of
        // answers this run does not own (another run's draft is left as it was).
        let stopped = await ending("session.answers.stopped", saved: saveDraftOnDisk())
        await say(place + " " + stopped, .assertive)
        result = .answerRefused(RefusedAnswer(file: file, line: lineNumber, message: message))
        return true
    }
}
