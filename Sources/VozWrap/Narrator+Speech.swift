import Foundation
import VozAccessibility
import VozScreenAudit

// MARK: - Saying

extension Narrator {
    /// The most of a line kept as the last error, in characters.
    static let errorLength = 200

    /// A line the program wrote, as shown (`raw`), said cleaned; when it `continues` on the next row (the terminal
    /// wrapped it), kept until its rest comes, so a long line is said once, whole.
    mutating func line(_ raw: String, continues: Bool? = nil, at now: Duration) {
        if continues ?? isFull(raw) {
            carry = ((carry?.text ?? "") + raw, carry?.since ?? now)
            return
        }
        let whole = (carry?.text ?? "") + raw
        carry = nil
        let text = SpokenLine.clean(whole)
        if Self.isError(text) { lastError = String(text.prefix(Self.errorLength)) }
        say(text, kind: .line, at: now)
    }

    /// Whether a line reads as an error: as the terminal audit reads one, or as apt and dpkg mark theirs (`E: `).
    static func isError(_ text: String) -> Bool {
        text.hasPrefix("E: ") || ScreenText.isErrorLine(text)
    }

    /// What was added to a line already said: said alone.
    mutating func added(_ text: String, at now: Duration) {
        let rest = String(text.drop { $0 == " " })
        // The program's terminal showing what the person typed: they know it already.
        if let echo = echoes.firstIndex(of: rest.trimmingCharacters(in: .whitespaces)) {
            echoes.removeSubrange(...echo)
            return
        }
        line(rest, continues: false, at: now)
    }

    /// Says a wrapped line's first rows, when its rest never came.
    mutating func flushCarry(at now: Duration) {
        guard let carry else { return }
        line(carry.text, continues: false, at: now)
    }

    /// Queues `text` to be said, printed but not spoken when the voice is already `speechBacklog` behind; before
    /// the next line that is spoken, one notice says how many were not.
    mutating func say(_ text: String, kind: Narration.Kind, priority: Priority = .polite, at now: Duration) {
        guard !text.isEmpty else { return }
        if kind != .line { flushCarry(at: now) }
        lastSaidAt = now
        guard let rate = settings.wordsPerMinute, rate > 0 else {
            said.append(Narration(text, kind: kind, priority: priority))
            return
        }
        // An assertive line cuts short whatever is waiting: the voice is free for it now.
        let start = priority == .assertive ? now : max(now, speechFreeAt)
        if kind != .end, start - now > settings.speechBacklog {
            unspoken += 1
            said.append(Narration(text, kind: kind, priority: priority, isSpoken: false))
            return
        }
        var free = start
        if unspoken > 0 {
            let notice = localizer.plural("wrap.notSpoken", count: unspoken, ["count": String(unspoken)])
            said.append(Narration(notice, kind: .notice, priority: priority))
            free += Self.speakingTime(notice, wordsPerMinute: rate)
            unspoken = 0
        }
        said.append(Narration(text, kind: kind, priority: priority))
        speechFreeAt = free + Self.speakingTime(text, wordsPerMinute: rate)
    }

    /// How long the voice takes to say `text` at `rate`: its words, and a pause between utterances.
    static func speakingTime(_ text: String, wordsPerMinute rate: Int) -> Duration {
        let words = text.split(separator: " ").count
        return .milliseconds(words * 60_000 / max(1, rate) + 250)
    }
}
