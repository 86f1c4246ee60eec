import Foundation
import Synchronization
import VozAnnouncer
import VozForm
import VozLocalization
import VozReplies
import VozTranscript

/// The session's announcer behind the one redactor (`LogRedactor`): every line printed, spoken or recorded in the
/// transcript passes it first, so a secret — a value a sensitive field held, an API key taken from the environment
/// — is never said or written, whatever copy of it reached the sentence and however it got there.
///
/// The reply reader keeps echoed secrets out of what it says; this is the last check, on every path at once.
/// It looks for whole copies only (`LogRedactor.Reach.wholeCopies`): Voz's own sentences are full of short numbers
/// and of labels, which a short value or the start of a long one would match.
final class RedactingAnnouncer: Announcing {
    private let inner: any Announcing
    private let form: Form
    private let mask: String
    private let localizer: Localizer
    private let redactor: Mutex<LogRedactor>

    /// `inner` behind a redactor for `form` (its environment headers already filled), masking with `localizer`'s
    /// word for hidden text.
    init(_ inner: any Announcing, form: Form, localizer: Localizer) {
        self.inner = inner
        self.form = form
        mask = localizer.text("access.secret")
        self.localizer = localizer
        redactor = Mutex(LogRedactor(form: form))
    }

    /// Every value the sensitive fields held so far: from now on each is looked for too.
    func update(secretsHeld: [String]) {
        let updated = LogRedactor(form: form, formerSecrets: secretsHeld)
        redactor.withLock { $0 = updated }
    }

    /// Whether `text` holds a whole copy of a secret typed in this run, in any encoding or case: a password typed
    /// again in a plain field is as private there, and never goes to a draft.
    func holdsTypedSecret(_ text: String) -> Bool {
        redactor.withLock { $0.masked(text, with: mask, reach: .wholeCopies) { _ in "" } != text }
    }

    /// A card number or an IBAN, whatever field or server message it came in, is said as its last four, as the
    /// review says a card.
    private func clean(_ text: String) -> String {
        redactor.withLock {
            $0.masked(text, with: mask, reach: .wholeCopies) { match in
                let key = match.shape == .card ? "access.cardEnding" : "access.ibanEnding"
                return localizer.text(key, ["digits": match.lastFour])
            }
        }
    }

    func announce(_ announcement: Announcement) async {
        var announcement = announcement
        announcement.text = clean(announcement.text)
        await inner.announce(announcement)
    }

    func record(_ event: TranscriptEvent) async {
        var event = event
        event.text = event.text.map(clean)
        event.detail = event.detail.map(clean)
        await inner.record(event)
    }

    func lastAnnouncement() async -> Announcement? {
        await inner.lastAnnouncement()
    }

    func drain() async {
        await inner.drain()
    }

    func speak(_ phrases: [String], in language: Language) async {
        await inner.speak(phrases, in: language)
    }
}
