/// Whether a line offers to resend the same data: the retry command, or an invitation to try again.
enum RetryOffer {
    /// The retry command's names and invitations to try again, in every language.
    static let phrases = AuditWords.phrases("audit.words.retry")
    private static let retryPhrases = AuditText.Phrases(phrases)

    /// The indices of announcements among `indices` that offer a retry.
    static func offers(in transcript: Transcript, among indices: [Int]) -> [Int] {
        indices.filter {
            transcript.events[$0].kind == .announcement
                && AuditText.containsAnyPhrase(transcript.events[$0].text ?? "", retryPhrases)
        }
    }
}
