import VozJSON
import VozReplies

extension OpenAPIFormBuilder {
    // MARK: - Completion

    /// The sentence said when the operation succeeds, from its success response's `description` ("The account was
    /// created."), or nil when the description gives none worth saying and Voz's own "Form sent." is said.
    ///
    /// The first success response in the order a server most likely answers (201, 200, 202, then any other 2XX) is
    /// read; generators' stock words ("Successful Response", "No response body", "Created", a status phrase) tell
    /// the listener nothing the status did not, and are passed over.
    static func successMessage(_ operation: JSONNode, resolver: SchemaResolver) -> String? {
        guard let responses = operation["responses"]?.members else { return nil }
        let preferred = ["201", "200", "202", "2XX", "2xx"]
        let ordered =
            preferred.compactMap { code in responses.first { $0.key == code } }
            + responses.filter { !preferred.contains($0.key) && $0.key.hasPrefix("2") }
        guard let response = ordered.first,
            let description = (try? resolver.resolve(response.value).schema)?["description"]?.string,
            let sentence = SchemaWording.firstSentence(description)
        else { return nil }
        let words = sentence.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard words.count > 1, !genericDescriptions.contains(words.joined(separator: " ").lowercased()) else {
            return nil
        }
        return ReplyReading.terminated(sentence)
    }

    /// Success descriptions generators write for every operation (FastAPI, drf-spectacular, Swagger's samples,
    /// HTTP status phrases), in lower case with punctuation dropped.
    static let genericDescriptions: Set<String> = [
        "successful response", "no response body", "successful operation", "success response", "default response",
        "no content", "ok response", "created response", "request succeeded", "operation succeeded",
        "successful request", "non authoritative information", "reset content", "partial content",
        "multi status", "already reported", "im used", "the request has succeeded",
    ]
}
