/// How urgently a message must be heard (the ARIA live-region politeness levels).
public enum Priority: String, Sendable, Equatable, Codable {
    /// Queued behind what is being said: prompts, hints.
    case polite
    /// Interrupts the current utterance and drops queued polite ones: outcomes, errors, disabled reasons.
    case assertive
}
