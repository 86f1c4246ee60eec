import Foundation
import VozSubmission

#if canImport(Glibc)
    import Glibc
#endif

/// The socket side of the service: the accept loop and one thread per connection.
struct DemoServer: Sendable {
    let api: DemoAPI
    let stop: StopSignal
    let readTimeoutSeconds: Double
    let connections: DispatchGroup
    var limits = HTTPLimits()

    // MARK: - Accepting

    /// Accepts connections until the stop signal fires.
    func acceptLoop(_ listener: ListeningSocket) {
        while !stop.isFired {
            var entries = [
                pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stop.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, 2, 1_000)
            if ready < 0, errno != EINTR {
                // Out of resources for a moment; do not spin.
                stop.wait(seconds: 0.05)
                continue
            }
            guard entries[1].revents == 0 else { return }
            guard entries[0].revents != 0 else { continue }
            guard let descriptor = listener.accept() else {
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    stop.wait(seconds: 0.05)
                }
                continue
            }
            let connection = ClientConnection(descriptor: descriptor, stop: stop)
            connections.enter()
            let thread = Thread { [self] in
                serve(connection)
                connections.leave()
            }
            thread.name = "voz-demo-connection"
            thread.start()
        }
    }

    // MARK: - Serving

    /// Reads one request, answers it (or applies the fault), logs it and closes the connection.
    func serve(_ connection: ClientConnection) {
        switch connection.readRequest(limits: limits, timeoutSeconds: readTimeoutSeconds) {
        case .silent, .stopped:
            connection.close(linger: false)
        case .refused(let error, let head):
            // Protocol errors are for whoever wrote the client, and are only written in English.
            let response = ProblemDetails(
                .protocolError, title: HTTPResponse.reason(for: error.status), status: error.status,
                detail: error.description
            ).response(language: .en)
            let delivered = connection.send(response.serialized())
            log(
                method: head?.method ?? "", path: head?.path ?? "",
                key: head.flatMap { IdempotencyKey.logged($0.headerValues("Idempotency-Key")) },
                status: response.status,
                delivered)
            connection.close(linger: true)
        case .request(let request):
            let handling = api.handle(request)
            let delivered = deliver(handling.disposition, on: connection)
            if request.method != "GET" || request.path != "/requests" {
                log(
                    method: request.method, path: request.path,
                    key: IdempotencyKey.logged(request.headerValues("Idempotency-Key")),
                    status: handling.status, delivered, replayed: handling.replayed)
            }
            connection.close(linger: false)
        }
    }

    /// Carries out the API's decision; true when a whole reply went out.
    private func deliver(_ disposition: Disposition, on connection: ClientConnection) -> Bool {
        switch disposition {
        case .reply(let response):
            return connection.send(response.serialized())
        case .drop:
            return false
        case .hold(let seconds):
            connection.hold(seconds: seconds)
            return false
        case .drip(let head, let prefix, let interval):
            guard connection.send(head.serialized(includeLength: false) + Array(prefix.utf8)) else { return false }
            // Ends only when the client hangs up or the service stops: the point is that it never completes.
            while connection.send(Array(" ".utf8), stallSeconds: 1), !stop.wait(seconds: interval) {}
            return false
        }
    }

    private func log(
        method: String, path: String, key: String?, status: Int, _ delivered: Bool, replayed: Bool = false
    ) {
        try? api.store.log(
            method: method, path: path, idempotencyKey: key, status: status, delivered: delivered, replayed: replayed)
    }
}
