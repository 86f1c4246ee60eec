import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Turns Ctrl-C (SIGINT), SIGTERM and a closed terminal (SIGHUP) into a call, so the session can save its
/// draft, restore the terminal, stop the demo service and say one line before voz exits with 130.
final class SignalWatcher: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    init(_ handler: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // Echo comes back first: whatever happens next, the terminal must not stay silent.
                TerminalModes.shared.restore()
                handler()
            }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }
}
