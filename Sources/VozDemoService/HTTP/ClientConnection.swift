import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One accepted connection: non-blocking reads and writes bounded by deadlines and by the stop signal.
///
/// Sends use `MSG_NOSIGNAL`, so a client that hangs up never raises SIGPIPE; every system call retries on EINTR.
struct ClientConnection: Sendable {
    let descriptor: Int32
    let stop: StopSignal

    /// How reading a request ended.
    enum ReadOutcome: Sendable {
        case request(HTTPRequest)
        /// The request was refused; `head` is what was parsed of it, when its head was readable.
        case refused(HTTPParseError, head: HTTPRequest?)
        /// The client connected and sent nothing, or hung up before a byte: nothing to answer.
        case silent
        case stopped
    }

    // MARK: - Reading

    /// Reads one request: the head up to the blank line, then exactly `Content-Length` body bytes.
    func readRequest(limits: HTTPLimits, timeoutSeconds: Double) -> ReadOutcome {
        let deadline = Deadline(seconds: timeoutSeconds)
        var buffer: [UInt8] = []
        var scanned = 0
        var end: Int?
        while end == nil {
            end = HTTPRequestParser.headEnd(in: buffer, from: scanned)
            if end != nil { break }
            if HTTPRequestParser.hasBareLineFeed(in: buffer, from: scanned) {
                // The request line ends at the first line feed; if that one is bare, the request line is at fault.
                let firstLineFeed = buffer.firstIndex(of: 10) ?? 0
                let inRequestLine = firstLineFeed == 0 || buffer[firstLineFeed - 1] != 13
                return .refused(inRequestLine ? .malformedRequestLine : .malformedHeader, head: nil)
            }
            scanned = max(0, buffer.count - 3)
            if buffer.count > limits.maxHeadBytes { return .refused(.headersTooLarge, head: nil) }
            switch receive(into: &buffer, deadline: deadline) {
            case .data: continue
            case .closed, .timedOut: return buffer.isEmpty ? .silent : .refused(.incompleteHead, head: nil)
            case .stopped: return .stopped
            }
        }
        guard let end else { return .silent }
        guard end <= limits.maxHeadBytes else { return .refused(.headersTooLarge, head: nil) }
        var request: HTTPRequest
        let length: Int
        do {
            request = try HTTPRequestParser.parseHead(buffer[0..<end], limits: limits)
        } catch {
            return .refused(error, head: nil)
        }
        do {
            length = try HTTPRequestParser.bodyLength(of: request, limits: limits)
        } catch {
            return .refused(error, head: request)
        }
        var body = Array(buffer[(end + 4)...])
        // curl and others wait for this interim reply before sending a larger body (RFC 9110 §10.1.1).
        if body.count < length, request.header("Expect")?.lowercased() == "100-continue" {
            send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length {
            switch receive(into: &body, deadline: deadline) {
            case .data: continue
            case .closed, .timedOut: return .refused(.bodyShorterThanContentLength, head: request)
            case .stopped: return .stopped
            }
        }
        // One request per connection: bytes past the announced length can only be a lying Content-Length.
        guard body.count == length else { return .refused(.bodyLongerThanContentLength, head: request) }
        request.body = Data(body)
        return .request(request)
    }

    private enum ReceiveResult { case data, closed, timedOut, stopped }

    private func receive(into buffer: inout [UInt8], deadline: Deadline) -> ReceiveResult {
        switch waitFor(events: POLLIN, deadline: deadline) {
        case .ready: break
        case .timedOut: return .timedOut
        case .stopped: return .stopped
        }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return .data
            }
            if count == 0 { return .closed }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return .data }
            return .closed
        }
    }

    // MARK: - Writing

    /// Writes every byte unless the client stops reading for `stallSeconds`, hangs up, or the service stops.
    @discardableResult
    func send(_ bytes: [UInt8], stallSeconds: Double = 5) -> Bool {
        var offset = 0
        while offset < bytes.count {
            switch waitFor(events: POLLOUT, deadline: Deadline(seconds: stallSeconds)) {
            case .ready: break
            case .timedOut, .stopped: return false
            }
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.send(
                    descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno != EINTR, errno != EAGAIN, errno != EWOULDBLOCK {
                return false
            }
        }
        return true
    }

    // MARK: - Waiting

    /// Keeps the connection open without answering until `seconds` pass, the client hangs up or the service stops.
    func hold(seconds: Double) {
        let deadline = Deadline(seconds: seconds)
        var sink: [UInt8] = []
        while !deadline.hasPassed {
            switch receive(into: &sink, deadline: deadline) {
            case .data: sink.removeAll(keepingCapacity: true)
            case .closed, .timedOut, .stopped: return
            }
        }
    }

    private enum WaitResult { case ready, timedOut, stopped }

    private func waitFor(events: Int32, deadline: Deadline) -> WaitResult {
        while true {
            if stop.isFired { return .stopped }
            var entries = [
                pollfd(fd: descriptor, events: Int16(events), revents: 0),
                pollfd(fd: stop.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let result = poll(&entries, 2, deadline.remainingMilliseconds)
            if result < 0 {
                if errno == EINTR { continue }
                return .timedOut
            }
            if entries[1].revents != 0 { return .stopped }
            // Errors and hang-ups count as ready: the next recv or send reports them.
            if entries[0].revents != 0 { return .ready }
            if deadline.hasPassed { return .timedOut }
        }
    }

    // MARK: - Closing

    /// Ends the connection. After a refusal the client may still be sending; reading it away for a moment before
    /// closing keeps the kernel from answering with a reset that would destroy the reply in flight.
    func close(linger: Bool) {
        if linger {
            _ = shutdown(descriptor, Int32(SHUT_WR))
            let deadline = Deadline(seconds: 1)
            var drained: [UInt8] = []
            var total = 0
            while total < 8 * 1024 * 1024 {
                switch receive(into: &drained, deadline: deadline) {
                case .data:
                    total += drained.count
                    drained.removeAll(keepingCapacity: true)
                    continue
                case .closed, .timedOut, .stopped:
                    break
                }
                break
            }
        }
        _ = Glibc.close(descriptor)
    }
}
