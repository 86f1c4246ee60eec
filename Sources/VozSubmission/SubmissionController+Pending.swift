import Foundation
import VozReplies

// The pending attempts: matched by fingerprint before a send picks its key, written before the request leaves,
// cleared on a definitive outcome (issue 25 §2).
extension SubmissionController {
    // MARK: - Matching

    /// The pending attempt made of this very request, whatever key it now carries; nil when none is.
    func matchingAttempt(_ request: SubmissionRequest) -> PendingAttempt? {
        let header = form.submit.idempotencyHeader
        return pendingAttempts.first { $0.fingerprint.matches(request, keyHeader: header) }
    }

    // MARK: - Write-ahead

    /// Records the send of `request` under `key` before it leaves: a key already pending (a retry, or a matched
    /// attempt) only gets its time; a new key gets a fingerprint and joins the list, replacing or keeping the
    /// attempts whose request differs, as the options say. Kept ones are said in one line.
    func writeAhead(_ request: SubmissionRequest, key: IdempotencyKey) {
        let now = Date().timeIntervalSince1970
        if let index = pendingAttempts.firstIndex(where: { $0.key == key }) {
            pendingAttempts[index].sentAt = now
        } else if let fingerprint = PayloadFingerprint.make(
            of: request, keyHeader: form.submit.idempotencyHeader, cost: options.fingerprintCost)
        {
            let attempt = PendingAttempt(key: key, fingerprint: fingerprint, sentAt: now)
            let earlier = pendingAttempts.count
            switch options.unmatchedAttempts {
            case .replace:
                pendingAttempts = [attempt]
            case .keep:
                pendingAttempts.append(attempt)
                if earlier > 0 {
                    emit(
                        .earlierAttemptsKept(count: earlier),
                        localizer.plural("submission.earlierAttemptKept", count: earlier), .polite)
                }
            }
        }
        // Without a journal, or when it cannot write, the send still goes: a draft is a convenience, and the
        // attempt is still matched for the rest of this run.
        options.journal?.keep(pendingAttempts)
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
        options.journal?.keep(pendingAttempts)
    }
}

extension SubmissionEffect {
    /// The key and attempt number of a send.
    var sentKey: (IdempotencyKey, Int)? {
        if case .send(let key, let attempt) = self { return (key, attempt) }
        return nil
    }
}
