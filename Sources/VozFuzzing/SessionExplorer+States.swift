import Foundation
import VozKit

// I5, every state said is true, for what a run says of its whole: sent, not sent, a draft saved.
extension SessionExplorer {
    /// What one run said and what was true when it ended.
    struct RunFacts {
        /// Every line the run said, in order.
        var said: [String]
        /// The lines said after the person's last line: those the person's own checks have not heard.
        var saidLast: [String]
        /// How many 2xx replies reached the person in the run.
        var delivered: Int
        /// Whether a send of the run got no answer that settled it.
        var outcomeUnknown: Bool
        /// The answers as typed when the run ended.
        var answersLeft: [String: String]
        /// The draft of this form and destination on disk after the run.
        var draft: Draft?
    }

    /// I5: "sent" only after a 2xx reached the person; "not sent" never while a send's outcome is unknown (the
    /// person checks it line by line, this the lines after their last); "a draft was saved" only when a draft on
    /// disk holds the answers as they were left.
    func checkStates(_ facts: RunFacts, form: Form) -> [String] {
        var breaks: [String] = []
        let success = form.messages["server.success"] ?? Localizer(language: .es).text("server.success")
        if facts.delivered == 0, facts.said.contains(where: { $0.hasPrefix(success) }) {
            breaks.append("I5: \"\(success)\" said with no 2xx reply in the run")
        }
        if facts.outcomeUnknown, let line = facts.saidLast.last(where: ExplorerPerson.saysNotSent) {
            breaks.append("I5: \"\(line)\" said while a send of the run had no answer")
        }
        if let line = facts.said.last(where: { $0.contains("he guardado un borrador") }) {
            let sensitive = Set(form.fields.filter(\.isSensitive).map(\.id))
            let kept = facts.answersLeft.filter { !sensitive.contains($0.key) && !Session.holdsShapedSecret($0.value) }
            if facts.draft == nil {
                breaks.append("I5: \"\(line)\" said with no draft on disk")
            } else if facts.draft?.answers != kept {
                breaks.append("I5: \"\(line)\" said, but the draft on disk holds other answers than those left")
            }
        }
        return breaks
    }
}
