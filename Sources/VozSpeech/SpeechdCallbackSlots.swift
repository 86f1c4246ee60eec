import CSpeechd
import Synchronization
import VozAnnouncer

/// The C callbacks libspeechd calls, one set a connection.
///
/// libspeechd passes its callbacks a message id, a client id and the event, and no pointer of the caller's: so
/// each connection takes a slot, whose callback is a distinct C function that knows its slot number. Sixteen
/// connections at once is far more than Voz opens (one, and one more briefly for `voz voices`).
enum SpeechdCallbackSlots {
    private static let owners = Mutex<[SpeechdEvents?]>(Array(repeating: nil, count: 16))

    /// Takes a free slot for `events`; nil when all are taken.
    static func claim(_ events: SpeechdEvents) -> Int? {
        owners.withLock { owners in
            guard let free = owners.firstIndex(where: { $0 == nil }) else { return nil }
            owners[free] = events
            return free
        }
    }

    static func release(_ slot: Int) {
        owners.withLock { $0[slot] = nil }
    }

    /// Runs on libspeechd's thread: records the event and returns; never calls libspeechd.
    private static func deliver(_ slot: Int, _ id: Int, _ type: SPDNotificationType) {
        let event: SpeechdConnection.Event
        switch type {
        case SPD_EVENT_BEGIN: event = .begin
        case SPD_EVENT_END: event = .end
        case SPD_EVENT_CANCEL: event = .cancel
        default: return
        }
        owners.withLock { $0[slot] }?.deliver(event, id: id)
    }

    /// One C function a slot; each literal captures nothing, so it converts to a C function pointer.
    static let callbacks: [SPDCallback] = [
        { id, _, type in deliver(0, Int(id), type) },
        { id, _, type in deliver(1, Int(id), type) },
        { id, _, type in deliver(2, Int(id), type) },
        { id, _, type in deliver(3, Int(id), type) },
        { id, _, type in deliver(4, Int(id), type) },
        { id, _, type in deliver(5, Int(id), type) },
        { id, _, type in deliver(6, Int(id), type) },
        { id, _, type in deliver(7, Int(id), type) },
        { id, _, type in deliver(8, Int(id), type) },
        { id, _, type in deliver(9, Int(id), type) },
        { id, _, type in deliver(10, Int(id), type) },
        { id, _, type in deliver(11, Int(id), type) },
        { id, _, type in deliver(12, Int(id), type) },
        { id, _, type in deliver(13, Int(id), type) },
        { id, _, type in deliver(14, Int(id), type) },
        { id, _, type in deliver(15, Int(id), type) },
    ]
}
