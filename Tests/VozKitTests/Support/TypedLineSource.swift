import Foundation
import Synchronization
import VozKit

/// Lines as a person types them: each one after hearing what it answers, not all at once as an answers file gives
/// them; and, like any source here, it tells when input has ended.
final class TypedLineSource: LineSource {
    enum Step: Sendable {
        /// Typed at once.
        case line(String)
        /// Typed once a printed line containing the text has been heard (or after five seconds).
        case after(String, then: String)
    }

    private let steps: Mutex<[Step]>
    private let heard: LineRecorder
    let ended = InputEnd()

    init(_ steps: [Step], hearing heard: LineRecorder) {
        self.steps = Mutex(steps)
        self.heard = heard
    }

    func readLine(secret: Bool) async -> String? {
        guard let step = steps.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            ended.open()
            return nil
        }
        switch step {
        case .line(let line):
            return line
        case .after(let text, let line):
            for _ in 0..<500 where !heard.lines.contains(where: { $0.contains(text) }) {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return line
        }
    }
}

/// An answers file: every line at once, then the end of input, which it tells.
final class AnswersLineSource: LineSource {
    private let lines: ScriptedLineSource
    let ended = InputEnd()

    init(_ lines: [String]) {
        self.lines = ScriptedLineSource(lines)
    }

    func readLine(secret: Bool) async -> String? {
        let line = await lines.readLine(secret: secret)
        if line == nil { ended.open() }
        return line
    }
}

/// Opens once a line source has said its input is over.
final class InputEnd: Sendable {
    private let isOpen = Mutex(false)

    func open() {
        isOpen.withLock { $0 = true }
    }

    /// Waits until input has ended (or ten seconds have passed).
    func wait() async {
        for _ in 0..<1000 where !isOpen.withLock({ $0 }) {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// A transport whose replies wait until input has ended: the send is still in flight when the end arrives.
struct ReplyAfterInputEnds: Transport {
    let inner: ScriptedTransport
    let end: InputEnd

    func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
        await end.wait()
        return try await inner.send(request)
    }
}
