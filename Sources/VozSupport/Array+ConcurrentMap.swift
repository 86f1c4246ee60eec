import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// The transform of every element, worked out on as many threads as there are cores, in the array's order.
    ///
    /// For pure work on values nothing else writes (the recording rules over a timeline, the parts of a long
    /// recording's lines): the threads share only the slots the results go to. One element, or none, is mapped on
    /// the calling thread.
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let results = Mutex([Result?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        // Every slot was filled: concurrentPerform returns once each iteration has.
        return results.withLock { $0.compactMap { $0 } }
    }
}
