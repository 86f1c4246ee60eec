import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession delegate of one send: collects the reply up to the size limit, strips credentials from
/// cross-host redirects, and hands the result to the waiting `send` exactly once.
final class URLSessionReplyCollector: NSObject, URLSessionDataDelegate, Sendable {
    /// Why the send produced no reply, before it is named as a `TransportError`.
    enum Failure: Error {
        case tooLarge(limit: Int)
        case urlError(URLError)
        case other(String)
    }

    private struct Progress {
        var task: URLSessionDataTask?
        var waiter: CheckedContinuation<Result<HTTPReply, Failure>, Never>?
        var body = Data()
        var tooLarge = false
        var cancelledBeforeStart = false
        var finished = false
        var redirects = 0
        var lastURL: URL?
    }

    private let limit: Int
    private let origin: URL
    private let allowsRedirect: @Sendable (_ target: URL, _ count: Int) -> Bool
    private let progress = Mutex(Progress())

    /// `allowsRedirect` decides whether to follow the `count`th redirect to `target`; one it refuses leaves the
    /// redirect reply itself as the reply.
    init(
        limit: Int, origin: URL,
        allowsRedirect: @escaping @Sendable (_ target: URL, _ count: Int) -> Bool = { _, _ in true }
    ) {
        self.limit = limit
        self.origin = origin
        self.allowsRedirect = allowsRedirect
    }

    /// Whether the reply's body was cut off at the limit (a success reply is still reported as one, without it).
    var wasTooLarge: Bool { progress.withLock { $0.tooLarge } }

    /// The address the reply came from: the last redirect followed, else the origin.
    var finalURL: URL { progress.withLock { $0.lastURL } ?? origin }

    // MARK: - Running

    /// Starts `task` and waits for its whole reply or its failure, for at most `timeout` seconds (none when 0).
    func run(_ task: URLSessionDataTask, timeout: Double = 0) async -> Result<HTTPReply, Failure> {
        if timeout > 0 {
            // FoundationNetworking counts a timeout in whole seconds, truncated: 0.5 s became 0 and every send
            // failed at once, 1.5 s became 1. The form's timeout is kept here instead, to the millisecond.
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in self?.expire() }
        }
        return await withCheckedContinuation { continuation in
            let start = progress.withLock { progress in
                guard !progress.cancelledBeforeStart else { return false }
                progress.waiter = continuation
                progress.task = task
                return true
            }
            if start {
                task.resume()
            } else {
                continuation.resume(returning: .failure(.urlError(URLError(.cancelled))))
            }
        }
    }

    /// Ends the wait as a timeout, whatever URLSession is doing.
    private func expire() {
        let task = progress.withLock { $0.task }
        finish(.failure(.urlError(URLError(.timedOut))))
        task?.cancel()
    }

    /// Stops the send; the waiter gets `cancelled`.
    func cancel() {
        let task = progress.withLock { progress in
            progress.cancelledBeforeStart = true
            return progress.task
        }
        task?.cancel()
    }

    private func finish(_ result: Result<HTTPReply, Failure>) {
        let waiter = progress.withLock { progress in
            guard !progress.finished else { return CheckedContinuation<Result<HTTPReply, Failure>, Never>?.none }
            progress.finished = true
            defer { progress.waiter = nil }
            return progress.waiter
        }
        waiter?.resume(returning: result)
    }

    // MARK: - Delegate

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        // A declared length past the limit is refused before a byte of the body is read.
        if response.expectedContentLength > Int64(limit) {
            progress.withLock { $0.tooLarge = true }
            // Said now, not when the task completes: FoundationNetworking does not always report the completion
            // of a task cancelled from here, and the wait then ran into the form's timeout (seen under load).
            finishTooLarge(response)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = progress.withLock { progress in
            guard !progress.tooLarge else { return false }
            if progress.body.count + data.count > limit {
                progress.tooLarge = true
                progress.body = Data()
                return true
            }
            progress.body.append(data)
            return false
        }
        if overflow {
            // As for a declared length: said now, since the cancelled task's completion may never be reported.
            finishTooLarge(dataTask.response)
            dataTask.cancel()
        }
    }

    /// Ends the wait for a reply whose body is past the limit.
    ///
    /// A success status is the server's answer whatever follows it: calling it a failure would have the user edit
    /// and send again under a new key, and the server create a second record. The body is not read.
    private func finishTooLarge(_ response: URLResponse?) {
        if let response = response as? HTTPURLResponse, ReplyClassifier.isSuccess(response.statusCode) {
            finish(.success(HTTPReply(status: response.statusCode, headers: Self.headers(of: response))))
        } else {
            finish(.failure(.tooLarge(limit: limit)))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (tooLarge, body) = progress.withLock { ($0.tooLarge, $0.body) }
        if tooLarge {
            finishTooLarge(task.response)
            return
        }
        if let error {
            if let urlError = error as? URLError {
                finish(.failure(.urlError(urlError)))
            } else {
                let nsError = error as NSError
                if nsError.domain == NSURLErrorDomain {
                    finish(.failure(.urlError(URLError(URLError.Code(rawValue: nsError.code) ?? .unknown))))
                } else {
                    finish(.failure(.other("\(nsError.domain) \(nsError.code): \(nsError.localizedDescription)")))
                }
            }
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            finish(.failure(.urlError(URLError(.badServerResponse))))
            return
        }
        finish(.success(HTTPReply(status: response.statusCode, headers: Self.headers(of: response), body: body)))
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let count = progress.withLock { progress in
            progress.redirects += 1
            return progress.redirects
        }
        guard let target = request.url, allowsRedirect(target, count) else {
            completionHandler(nil)
            return
        }
        progress.withLock { $0.lastURL = target }
        completionHandler(Self.redirect(request, from: origin))
    }

    // MARK: - Pure parts

    /// The redirected request, without credentials when it leaves the origin's host or drops TLS.
    static func redirect(_ request: URLRequest, from origin: URL) -> URLRequest {
        var request = request
        let sameHost = request.url?.host?.lowercased() == origin.host?.lowercased()
        let downgrade = origin.scheme?.lowercased() == "https" && request.url?.scheme?.lowercased() != "https"
        if !sameHost || downgrade {
            for name in ["Authorization", "Proxy-Authorization", "Cookie"] {
                request.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return request
    }

    /// URLSession keeps headers in a dictionary, so arrival order is lost; sorting at least makes it stable.
    static func headers(of response: HTTPURLResponse) -> [HTTPHeader] {
        response.allHeaderFields
            .compactMap { name, value -> HTTPHeader? in
                guard let name = name as? String else { return nil }
                return HTTPHeader(name: name, value: "\(value)")
            }
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
    }
}
