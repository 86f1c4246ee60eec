import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension CurlHandle {
    // MARK: - Options

    /// Sets every option of `request` on the handle: what URLSession's ephemeral session set, and no more.
    ///
    /// A fresh easy handle keeps no cookies (no cookie engine without `CURLOPT_COOKIEFILE`), no cache and no
    /// credentials (`.netrc` is read only when asked), so one send never leaks into another. Redirects are not
    /// followed here: `CurlExchange` follows them, so that credentials can be dropped and each hop refused.
    /// The proxy is always set, "" for none, so libcurl never picks one from the environment behind the rules'
    /// back (`HopRouting`). A direct hop connects only to the addresses the route judged (`CURLOPT_RESOLVE`).
    func configure(_ request: CurlRequest, deadline: ContinuousClock.Instant?, route: HopRouting.Route) {
        let proxy = route.proxy
        set(CURLOPT_URL, request.url.absoluteString)
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_NOPROGRESS, 1)
        set(CURLOPT_FOLLOWLOCATION, 0)
        // Only what Voz asks for is ever spoken; the exchange also checks the scheme of every hop itself.
        set(CURLOPT_PROTOCOLS_STR, "http,https")
        set(CURLOPT_PROXY, proxy.address)
        set(CURLOPT_NOPROXY, proxy.bypass)
        if let entry = HopRouting.resolveEntry(request.url, route: route),
            let list = library.slistAppend(nil, entry)
        {
            resolveList = list
            _ = voz_curl_setopt_pointer(library.setopt, easy, CURLOPT_RESOLVE, list)
        }
        set(CURLOPT_SSL_VERIFYPEER, 1)
        set(CURLOPT_SSL_VERIFYHOST, 2)
        setCertificateAuthorities()
        // Every encoding libcurl can decode is offered and decoded, as URLSession does; the limit counts the
        // decoded bytes.
        set(CURLOPT_ACCEPT_ENCODING, "")
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            let milliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000
            set(CURLOPT_TIMEOUT_MS, max(1, Int(milliseconds) + 1))
        } else {
            // No timeout of the form's own: URLSession's default, a minute without a byte.
            set(CURLOPT_CONNECTTIMEOUT, 60)
            set(CURLOPT_LOW_SPEED_LIMIT, 1)
            set(CURLOPT_LOW_SPEED_TIME, 60)
        }
        setMethod(request)
        setHeaders(request)
    }

    private func setMethod(_ request: CurlRequest) {
        switch request.method {
        case "GET":
            set(CURLOPT_HTTPGET, 1)
        case "HEAD":
            set(CURLOPT_NOBODY, 1)
        default:
            if request.method == "POST" {
                set(CURLOPT_POST, 1)
            } else {
                set(CURLOPT_CUSTOMREQUEST, request.method)
            }
            // Copied by libcurl, so the bytes need not outlive this call; an empty body is still sent as one.
            let body = request.body ?? Data()
            _ = voz_curl_setopt_offset(library.setopt, easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                let empty: StaticString = ""
                let fields = bytes.baseAddress ?? UnsafeRawPointer(empty.utf8Start)
                _ = voz_curl_setopt_pointer(library.setopt, easy, CURLOPT_COPYPOSTFIELDS, fields)
            }
        }
    }

    /// The request's headers in order, then what URLSession added: its User-Agent when the request has none, no
    /// `Expect: 100-continue` wait before a body, and no form Content-Type on a PUT or PATCH that names none
    /// (libcurl would add one; URLSession adds it to a POST only).
    private func setHeaders(_ request: CurlRequest) {
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        if request.header("User-Agent") == nil { lines.append("User-Agent: \(library.userAgent)") }
        if request.method != "GET" && request.method != "HEAD" {
            lines.append("Expect:")
            if request.method != "POST", request.header("Content-Type") == nil { lines.append("Content-Type:") }
        }
        for line in lines {
            guard let list = library.slistAppend(headerList, line) else { continue }
            headerList = list
        }
        _ = voz_curl_setopt_pointer(library.setopt, easy, CURLOPT_HTTPHEADER, headerList)
    }

    /// libcurl's own bundle of certificate authorities when it was built with one (Debian's is), else the first
    /// of the usual places that has one, as URLSession does.
    private func setCertificateAuthorities() {
        var builtIn: UnsafeMutablePointer<CChar>?
        if voz_curl_getinfo_string(library.getinfo, easy, CURLINFO_CAINFO, &builtIn) == CURLE_OK, builtIn != nil {
            return
        }
        if let bundle = Self.certificateBundle { set(CURLOPT_CAINFO, bundle) }
    }

    private static let certificateBundle: String? = [
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/usr/share/ssl/certs/ca-bundle.crt",
        "/usr/local/share/certs/ca-root-nss.crt", "/etc/ssl/cert.pem",
    ].first { access($0, R_OK) == 0 }

    // MARK: - Setting

    private func set(_ option: CURLoption, _ value: Int) {
        _ = voz_curl_setopt_long(library.setopt, easy, option, value)
    }

    /// A string option; libcurl copies it (every string option but the POST fields).
    private func set(_ option: CURLoption, _ value: String) {
        _ = value.withCString { voz_curl_setopt_pointer(library.setopt, easy, option, $0) }
    }
}
