import Foundation

// The one sentence that ends a run without a send (Ctrl-C, :salir, end of input, an answers file stopped): what
// became of the form, of an unanswered send and of the draft, each said only when true.
extension Session {
    /// The ending `key` ("session.quit") as said now, the draft already saved (`saved`: a draft file is kept).
    ///
    /// Its `.unknown` variant when a send may have arrived (never "not sent" then); its `.noDraft` variant when no
    /// draft of this run's answers is kept, so no save is claimed that did not happen. An unanswered send kept
    /// without answers (`--no-draft`, or beside another run's draft) is said to count once if sent again, and
    /// another run's answers left in the file are said as left. With `retype`, when the same data sent again
    /// later goes as that send, the person hears which values (never kept) to type again the same.
    func ending(_ key: String, saved: Bool, retype: Bool = false) async -> String {
        let ownsDraft = drafts?.ownsAnswers ?? true
        let keptPending = drafts?.holdsAttempts ?? false
        var name = key
        if key == "session.interruptedSending" {
            // Its words say the send may have arrived; a resend counts once only when the send is kept on disk.
            if !keptPending { name += ".noDraft" }
        } else {
            if await aSendMayHaveArrived { name += ".unknown" }
            if !saved || !ownsDraft { name += ".noDraft" }
        }
        var text = localizer.text(name)
        let pendingOnly = name.hasSuffix(".unknown.noDraft") && keptPending
        if pendingOnly { text += " " + localizer.text("session.draft.pendingKept") }
        // The same data means the same card and password: the draft keeps neither, so the person hears it now,
        // whether the send that may have arrived ended earlier or is cut short by this interruption.
        if retype, name.hasSuffix(".unknown") || pendingOnly || key == "session.interruptedSending" {
            if model.form.fields.contains(where: \.isSecret) {
                text += " " + localizer.text("session.draft.retypeSecrets")
            }
            if let notice = retypeNotice() { text += " " + notice }
        }
        if saved, drafts?.holdsOthersAnswers == true { text += " " + localizer.text("session.draft.leftAsItWas") }
        return text
    }
}
