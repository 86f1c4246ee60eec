import Foundation
import Synchronization
import VozSupport

/// One send or download through libcurl, redirects included: collects the reply up to the size limit, strips
/// credentials from redirects that leave the origin (scheme, host and port), routes every hop as `HopRouting`
/// says, and ends at once when cancelled or when the timeout, kept to the millisecond, runs out.
///
/// libcurl blocks, so each exchange runs on a thread of its own (Dispatch's pool grows slowly past the number of
/// cores when its threads block) inside a multi handle, which `cancel()` wakes. The thread ends with the exchange:
/// no libcurl thread outlives a send, so none is still tearing a handle down when voz exits.
package final class CurlExchange: Sendable {
    /// Why the exchange produced no reply, before it is named as a `TransportError` or a `SpecLoadFailure`.
    package enum Failure: Error {
        /// libcurl could not be opened.
        case unavailable(SharedLibrary.LoadError)
        case tooLarge(limit: Int)
        case curl(CurlFailure)
        case timedOut
        case cancelled
        /// A hop to this machine or a private network when those are refused (`HopRouting.route`); nothing sent.
        case localAddress(String)
        case other(String)
    }

    /// URLSession's limit on redirects in a row, which mirrors Darwin's.
    static let maxRedirects = 20

    private struct Progress {
        var cancelled = false
        /// The running exchange's multi handle and its library, woken by `cancel()`; nil before it starts and once
        /// it is cleaned up.
        var running: Running?
        var tooLarge = false
        var lastURL: URL?
    }

    /// A multi handle and the library to wake it with. Only `curl_multi_wakeup` is called on it from another
    /// thread, which libcurl allows.
    private struct Running: @unchecked Sendable {
        let multi: CurlLibrary.Multi
        let library: CurlLibrary
    }

    /// What a redirect's head decided.
    private enum Hop {
        case follow(CurlRequest)
        case tooMany
    }

    private let limit: Int
    private let origin: URL
    private let allowsRedirect: @Sendable (_ next: CurlRequest, _ count: Int) -> Bool
    private let routing: HopRouting
    private let refusesLocal: Bool
    private let headSuffices: Bool
    private let library: @Sendable () throws(SharedLibrary.LoadError) -> CurlLibrary
    private let progress = Mutex(Progress())

    /// `allowsRedirect` decides whether to send `next`, the `count`th redirect, credentials already dropped; one it
    /// refuses leaves the redirect reply itself as the reply. `routing` says which proxy each hop goes through.
    /// With `headSuffices` (a send), a success whose head arrived whole is the reply even when its body then
    /// fails, with the failure in `bodyFault`; without it (a download, whose body is what was asked for) that is
    /// the failure. `library` opens libcurl (tests give one that fails).
    package init(
        limit: Int, origin: URL,
        allowsRedirect: @escaping @Sendable (_ next: CurlRequest, _ count: Int) -> Bool = { _, _ in true },
        routing: HopRouting = .system, refusesLocal: Bool = false, headSuffices: Bool = false,
        library: @escaping @Sendable () throws(SharedLibrary.LoadError) -> CurlLibrary = CurlLibrary.shared
    ) {
        self.limit = limit
        self.origin = origin
        self.allowsRedirect = allowsRedirect
        self.routing = routing
        self.refusesLocal = refusesLocal
        self.headSuffices = headSuffices
        self.library = library
    }

    /// Whether the reply's body was cut off at the limit (a success reply is still reported as one, without it).
    package var wasTooLarge: Bool { progress.withLock { $0.tooLarge } }

    /// The address the reply came from: the last redirect followed, else the origin.
    package var finalURL: URL { progress.withLock { $0.lastURL } ?? origin }

    // MARK: - Running

    /// Sends `request` and waits for its whole reply or its failure, for at most `timeout` seconds (none when 0);
    /// cancelling the calling task ends it with `cancelled`.
    package func run(_ request: CurlRequest, timeout: Double) async -> Result<HTTPReply, Failure> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: self.exchange(request, timeout: timeout)) }.start()
            }
        } onCancel: {
            cancel()
        }
    }

    /// Stops the exchange; the waiter gets `cancelled`.
    func cancel() {
        progress.withLock { progress in
            progress.cancelled = true
            // Under the lock: the handle is cleaned up only after it is taken out, so it is never woken freed.
            if let running = progress.running { _ = running.library.multiWakeup(running.multi) }
        }
    }

    private func exchange(_ request: CurlRequest, timeout: Double) -> Result<HTTPReply, Failure> {
        let library: CurlLibrary
        do {
            library = try self.library()
        } catch {
            return .failure(.unavailable(error))
        }
        guard let multi = library.multiInit() else { return .failure(.other("curl_multi_init failed")) }
        let running = Running(multi: multi, library: library)
        let started = progress.withLock { progress in
            guard !progress.cancelled else { return false }
            progress.running = running
            return true
        }
        defer {
            progress.withLock { $0.running = nil }
            _ = library.multiCleanup(multi)
        }
        guard started else { return .failure(.cancelled) }
        let deadline = timeout > 0 ? ContinuousClock.now + .milliseconds(Int((timeout * 1_000).rounded(.up))) : nil
        var current = request
        var redirects = 0
        while true {
            let scheme = current.url.scheme?.lowercased() ?? ""
            guard scheme == "http" || scheme == "https" else { return .failure(.other("unsupported URL: \(scheme)")) }
            var hop: Hop?
            let from = current
            // Resolved once and judged here, every hop: what libcurl connects to is what was judged.
            let route = routing.route(for: from.url, refusingLocal: refusesLocal)
            if let refusal = route.refusal { return .failure(.localAddress(refusal)) }
            let handle = CurlHandle(from, library: library, limit: limit, deadline: deadline, route: route) { head in
                guard let next = from.redirected(by: head, origin: self.origin) else { return false }
                redirects += 1
                if redirects > Self.maxRedirects {
                    hop = .tooMany
                    return true
                }
                guard self.allowsRedirect(next, redirects) else { return false }
                hop = .follow(next)
                return true
            }
            guard let handle else { return .failure(.other("curl_easy_init failed")) }
            let outcome = handle.perform(in: multi, until: deadline) { progress.withLock { $0.cancelled } }
            switch (outcome, hop) {
            case (.redirect, .follow(let next)?):
                progress.withLock { $0.lastURL = next.url }
                current = next
            case (.redirect, _):
                return .failure(.other("too many HTTP redirects"))
            case (.reply(let reply), _):
                return .success(reply)
            case (.tooLarge(let head), _):
                progress.withLock { $0.tooLarge = true }
                // A success status is the server's answer whatever follows it: calling it a failure would have the
                // user edit and send again under a new key, and the server create a second record.
                guard ReplyClassifier.isSuccess(head.status) else { return .failure(.tooLarge(limit: limit)) }
                let fault = "the body passed the limit of \(limit) bytes and was not read"
                return .success(HTTPReply(status: head.status, headers: head.headers, bodyFault: fault))
            case (.bodyFailed(var head, let failure), _):
                // The same for a body cut short, mis-chunked or wrongly encoded: a send's outcome is its head.
                guard headSuffices else { return .failure(failure.map { .curl($0) } ?? .timedOut) }
                head.bodyFault = failure?.detail ?? "the body was still arriving at the timeout"
                return .success(head)
            case (.failed(let failure), _):
                return .failure(.curl(failure))
            case (.addressRefused(let refusal), _):
                return .failure(.localAddress(refusal))
            case (.timedOut, _):
                return .failure(.timedOut)
            case (.cancelled, _):
                return .failure(.cancelled)
            }
        }
    }
}
