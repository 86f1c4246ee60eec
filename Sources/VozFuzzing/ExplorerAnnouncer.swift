import Synchronization
import VozKit
import VozTranscript

/// The announcer the session explorer hands the session: the real one (lines, transcript), with every announcement
/// also kept with its kind, so the person can tell a question asked from a line merely said (I7) and read what the
/// last prompt and the last review said (I3, I5).
final class ExplorerAnnouncer: Announcing {
    private let inner: Announcer
    private let said = Mutex<[Announcement]>([])

    init(_ inner: Announcer) {
        self.inner = inner
    }

    /// Every announcement so far, in order.
    var announcements: [Announcement] { said.withLock { $0 } }

    /// The announcements made after the first `count`, in order.
    func announcements(since count: Int) -> [Announcement] {
        said.withLock { Array($0.dropFirst(count)) }
    }

    func announce(_ announcement: Announcement) async {
        said.withLock { $0.append(announcement) }
        await inner.announce(announcement)
    }

    func record(_ event: TranscriptEvent) async {
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
