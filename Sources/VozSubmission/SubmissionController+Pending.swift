import Foundation
import VozForm
import VozReplies

// The pending attempts: matched by fingerprint before a send picks its key, written before the request leaves (or
// nothing leaves), cleared only by a definitive answer to their own key.
extension SubmissionController {
    // MARK: - Matching

    /// The pending attempt made of this very request, whatever key it now carries; nil when none is.
    func matchingAttempt(_ request: SubmissionRequest) -> PendingAttempt? {
        let header = form.submit.idempotencyHeader
        return pendingAttempts.first { $0.fingerprint.matches(request, keyHeader: header) }
    }

    /// The keys of the unanswered sends a send of `values` now would not be: all of them when its request matches
    /// none, none when it matches one (it goes as that send) or none is kept. Asked before the person's last yes, so
    /// that "if that one arrived, this one is a second" comes while it can still be acted on; by key, so that a send
    /// left unanswered later in the run (a cancel, then an edit) is warned of too.
    public func otherPendingKeys(sending values: FormValues) -> [IdempotencyKey] {
        guard !pendingAttempts.isEmpty else { return [] }
        let request = builder.request(values: values, key: IdempotencyKey(""))
        return matchingAttempt(request) == nil ? pendingAttempts.map(\.key) : []
    }

    /// Forgets every unanswered send, at the person's word: if one arrived it stays sent, and a send of the same
    /// data from now on goes under a new key. Returns how many were forgotten.
    @discardableResult
    public func discardPendingAttempts() -> Int {
        let count = pendingAttempts.count
        guard count > 0 else { return 0 }
        pendingAttempts = []
        // Forgotten in memory whatever the file says: the person was told, and a later write clears the file.
        try? options.journal?.keep(pendingAttempts)
        return count
    }

    // MARK: - Write-ahead

    /// Records the send an accepted transition's `effects` start, of `values`, before it leaves: a key already
    /// pending (a retry, or a matched attempt) only gets its time; a new key gets a fingerprint and joins the list
    /// beside the attempts whose request differs, which stay until their own key gets a definitive answer (said in
    /// one line first: if one of them arrived, this send is a second). Returns why the journal could not write,
    /// with the list as it was: then nothing may be sent.
    func writeAhead(_ effects: [SubmissionEffect], values: FormValues) -> PendingAttemptJournalFailure? {
        guard let (key, _) = effects.lazy.compactMap(\.sentKey).first else { return nil }
        let request = builder.request(values: values, key: key)
        let before = pendingAttempts
        let now = Date().timeIntervalSince1970
        var joined = false
        if let index = pendingAttempts.firstIndex(where: { $0.key == key }) {
            pendingAttempts[index].sentAt = now
        } else if let fingerprint = PayloadFingerprint.make(
            of: request, keyHeader: form.submit.idempotencyHeader, cost: options.fingerprintCost)
        {
            pendingAttempts = PendingAttempt.current(
                pendingAttempts + [PendingAttempt(key: key, fingerprint: fingerprint, sentAt: now)], now: now)
            joined = true
        }
        do {
            try options.journal?.keep(pendingAttempts)
        } catch {
            pendingAttempts = before
            return error
        }
        let earlier = pendingAttempts.count - 1
        if joined, earlier > 0 {
            emit(
                .earlierAttemptsKept(count: earlier),
                localizer.plural("submission.earlierAttemptKept", count: earlier), .polite)
        }
        return nil
    }

    // MARK: - Definitive outcomes

    /// After a send of `key` ended: accepted or rejected data clear its attempt, and so does a server saying the
    /// key was used with other data; a transient failure or a cancel keeps it, since the request may have arrived.
    func settleAttempt(_ key: IdempotencyKey, after event: SubmissionEvent) {
        let definitive: Bool
        switch event {
        case .succeeded: definitive = true
        case .failed(let failure): definitive = failure.kind == .permanent || failure.requiresNewKey
        case .cancel, .submit, .retry, .edit: definitive = false
        }
        guard definitive, pendingAttempts.contains(where: { $0.key == key }) else { return }
        pendingAttempts.removeAll { $0.key == key }
        // The send is over; a record that cannot be cleared only makes the next run match it again.
        try? options.journal?.keep(pendingAttempts)
    }
}

extension SubmissionEffect {
    /// The key and attempt number of a send.
    var sentKey: (IdempotencyKey, Int)? {
        if case .send(let key, let attempt) = self { return (key, attempt) }
        return nil
    }
}
