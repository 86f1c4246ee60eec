import CCurl
import Foundation
import VozForm

/// One HTTP request and its reply through one libcurl easy handle: no redirect followed, the reply's head
/// judged as soon as it is complete, its body read up to a limit.
///
/// Runs on the calling thread (`CurlExchange` gives each send a thread of its own), inside the exchange's multi
/// handle so that a cancel can wake it at once. libcurl calls back into this object while `perform` runs, through
/// an unretained pointer: the object outlives every callback because `perform` holds it.
final class CurlHandle {
    /// What one request ended in.
    enum Outcome {
        /// The whole reply.
        case reply(HTTPReply)
        /// The head of a reply `follows` chose to follow; its body was not read.
        case redirect(HTTPReply)
        /// The head of a reply whose body is past the limit (declared or counted); the body was not kept.
        case tooLarge(HTTPReply)
        /// The whole head of a success whose body then failed (libcurl's failure, or nil for the timeout); the
        /// body was not kept.
        case bodyFailed(HTTPReply, CurlFailure?)
        /// libcurl's failure.
        case failed(CurlFailure)
        /// The connection went to an address the route refuses (`HopRouting.connectionRefusal`); nothing was sent.
        case addressRefused(String)
        case timedOut
        case cancelled
    }

    let library: CurlLibrary
    let easy: CurlLibrary.Easy
    private let limit: Int
    private let follows: (HTTPReply) -> Bool
    /// The request's header lines, kept until the handle is cleaned up (libcurl does not copy them).
    var headerList: CurlLibrary.List?
    /// The pinned addresses (`CURLOPT_RESOLVE`), kept as long as the header lines.
    var resolveList: CurlLibrary.List?
    let route: HopRouting.Route
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    private var headers: [HTTPHeader] = []
    private var body = Data()
    private var status = 0
    /// Whether the head of the final reply is complete: any header lines after it are trailers.
    private var headEnded = false
    /// Why this object stopped the transfer itself; libcurl then reports a write error, which is not one.
    private var stop: Outcome?

    /// A handle for `request`, reading at most `limit` bytes of body; `follows` is asked, when a reply's head is
    /// complete, whether that reply is a redirect to follow (its body is then not read).
    init?(
        _ request: CurlRequest, library: CurlLibrary, limit: Int, deadline: ContinuousClock.Instant?,
        route: HopRouting.Route, follows: @escaping (HTTPReply) -> Bool
    ) {
        guard let easy = library.easyInit() else { return nil }
        self.library = library
        self.easy = easy
        self.route = route
        self.limit = limit
        self.follows = follows
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = voz_curl_setopt_pointer(library.setopt, easy, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = voz_curl_setopt_write(library.setopt, easy, CURLOPT_HEADERFUNCTION, Self.onHeader)
        _ = voz_curl_setopt_pointer(library.setopt, easy, CURLOPT_HEADERDATA, context)
        _ = voz_curl_setopt_write(library.setopt, easy, CURLOPT_WRITEFUNCTION, Self.onBody)
        _ = voz_curl_setopt_pointer(library.setopt, easy, CURLOPT_WRITEDATA, context)
        _ = voz_curl_setopt_prereq(library.setopt, easy, CURLOPT_PREREQFUNCTION, Self.onConnected)
        _ = voz_curl_setopt_pointer(library.setopt, easy, CURLOPT_PREREQDATA, context)
        configure(request, deadline: deadline, route: route)
    }

    deinit {
        library.easyCleanup(easy)
        library.slistFreeAll(headerList)
        library.slistFreeAll(resolveList)
        errorBuffer.deallocate()
    }

    // MARK: - Running

    /// Runs the request in `multi` until it ends, `deadline` passes or `isCancelled` says so (checked whenever
    /// libcurl wakes, which `curl_multi_wakeup` makes happen at once).
    func perform(
        in multi: CurlLibrary.Multi, until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) -> Outcome {
        guard library.multiAddHandle(multi, easy) == CURLM_OK else {
            return .failed(CurlFailure(code: CURLE_FAILED_INIT, osErrno: 0, message: "curl_multi_add_handle failed"))
        }
        defer { _ = library.multiRemoveHandle(multi, easy) }
        while true {
            if isCancelled() { return .cancelled }
            var running: Int32 = 0
            let performed = library.multiPerform(multi, &running)
            guard performed == CURLM_OK else {
                let message = "curl_multi_perform: error \(performed.rawValue)"
                return .failed(CurlFailure(code: CURLE_FAILED_INIT, osErrno: 0, message: message))
            }
            if running == 0 { break }
            var wait = 1_000
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero { return successHead(nil) ?? .timedOut }
                let milliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000
                wait = min(wait, Int(milliseconds) + 1)
            }
            _ = library.multiPoll(multi, nil, 0, Int32(wait), nil)
        }
        // A reply that arrived whole is the reply, even when the cancel came as it did.
        if let stop { return stop }
        let code = voz_curl_multi_result(library.multiInfoRead, multi)
        guard code == CURLE_OK else {
            let failure = failure(code)
            return successHead(failure) ?? .failed(failure)
        }
        return .reply(HTTPReply(status: status, headers: headers, body: body))
    }

    /// `bodyFailed` when the head of a success arrived whole before the body failed (`failure`, nil for the
    /// timeout): a send's outcome is known then, whatever became of the body. Nil otherwise.
    private func successHead(_ failure: CurlFailure?) -> Outcome? {
        guard headEnded, ReplyClassifier.isSuccess(status) else { return nil }
        return .bodyFailed(HTTPReply(status: status, headers: headers), failure)
    }

    private func failure(_ code: CURLcode) -> CurlFailure {
        var osErrno = 0
        _ = voz_curl_getinfo_long(library.getinfo, easy, CURLINFO_OS_ERRNO, &osErrno)
        let detail = String(cString: errorBuffer)
        return CurlFailure(
            code: code, osErrno: Int32(truncatingIfNeeded: osErrno),
            message: detail.isEmpty ? library.describe(code) : detail)
    }

    // MARK: - Callbacks

    /// A header line of a reply: the status line starts a reply (a `100 Continue` comes before the real one), the
    /// empty line ends its head. False stops the transfer.
    private func header(_ line: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
        if text.hasPrefix("HTTP/") {
            headers = []
            headEnded = false
            return true
        }
        if headEnded { return true }
        guard text.isEmpty else {
            if text.first == " " || text.first == "\t", let last = headers.indices.last {
                headers[last].value += " " + text.trimmingCharacters(in: .whitespaces)
            } else if let colon = text.firstIndex(of: ":") {
                let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers.append(HTTPHeader(name: String(text[..<colon]), value: value))
            }
            return true
        }
        var code = 0
        _ = voz_curl_getinfo_long(library.getinfo, easy, CURLINFO_RESPONSE_CODE, &code)
        status = code
        if (100..<200).contains(code) { return true }
        headEnded = true
        let head = HTTPReply(status: code, headers: headers)
        if follows(head) {
            stop = .redirect(head)
            return false
        }
        // A declared length past the limit is refused before a byte of the body is read.
        if let length = head.header("Content-Length").flatMap({ Int64($0) }), length > Int64(limit) {
            stop = .tooLarge(head)
            return false
        }
        return true
    }

    private func received(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limit else {
            body = Data()
            stop = .tooLarge(HTTPReply(status: status, headers: headers))
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    private static let onHeader: curl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let handle = Unmanaged<CurlHandle>.fromOpaque(context).takeUnretainedValue()
        return handle.header(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
    }

    /// Connected, nothing sent yet: the address connected to is judged (`HopRouting.connectionRefusal`).
    private static let onConnected: curl_prereq_callback = { context, primaryIP, _, _, _ in
        guard let context, let primaryIP else { return Int32(CURL_PREREQFUNC_ABORT) }
        let handle = Unmanaged<CurlHandle>.fromOpaque(context).takeUnretainedValue()
        let address = String(cString: primaryIP)
        guard let refusal = HopRouting.connectionRefusal(to: address, route: handle.route) else {
            return Int32(CURL_PREREQFUNC_OK)
        }
        handle.stop = .addressRefused(refusal)
        return Int32(CURL_PREREQFUNC_ABORT)
    }

    private static let onBody: curl_write_callback = { data, size, count, context in
        guard let context else { return 0 }
        let handle = Unmanaged<CurlHandle>.fromOpaque(context).takeUnretainedValue()
        return handle.received(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
    }
}
