import Testing
import VozKit

/// Sends through `transport` and returns why it failed, recording an issue if a reply came instead.
func failure(_ transport: some Transport, _ request: SubmissionRequest) async -> TransportError? {
    do throws(TransportError) {
        let reply = try await transport.send(request)
        Issue.record("expected a failure, got status \(reply.status)")
        return nil
    } catch {
        return error
    }
}
