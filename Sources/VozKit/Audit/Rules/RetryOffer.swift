/// Whether a line offers to resend the same data: the retry command, or an invitation to try again.
enum RetryOffer {
    static let phrases = [
        "reintentar", "retry", "try again", "vuelve a intentarlo", "volver a intentarlo", "intentalo de nuevo",
        "intentalo otra vez", "vuelve a enviarlo",
    ]
    private static let retryPhrases = AuditText.Phrases(phrases)

    /// The indices of announcements among `indices` that offer a retry.
    static func offers(in transcript: Transcript, among indices: [Int]) -> [Int] {
        indices.filter {
            transcript.events[$0].kind == .announcement
                && AuditText.containsAnyPhrase(transcript.events[$0].text ?? "", retryPhrases)
        }
    }
}
