import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A request libcurl could not carry out: its result code, the system's errno behind it, and its own message.
package struct CurlFailure: Error, Sendable {
    var code: CURLcode
    /// `CURLINFO_OS_ERRNO`: what the failed connect or read said, 0 when nothing did.
    var osErrno: Int32
    var message: String

    /// The technical text, for the log only.
    var detail: String {
        "curl \(code.rawValue): \(message)" + (osErrno == 0 ? "" : " (errno \(osErrno))")
    }
}

extension TransportError {
    /// The transport error a libcurl failure stands for, named as `init(urlError:)` names URLSession's: a refused
    /// or failed connection, one lost or garbled before a whole reply, an unknown host, a timeout, and TLS, its own
    /// case because it is permanent (retrying will not fix a certificate). The technical text is for the log only.
    init(curl failure: CurlFailure, host: String) {
        if failure.osErrno == ECONNREFUSED {
            self = .cannotConnect(detail: failure.detail)
            return
        }
        switch failure.code {
        case CURLE_OPERATION_TIMEDOUT:
            self = .timedOut
        case CURLE_COULDNT_CONNECT:
            self = failure.osErrno == ETIMEDOUT ? .timedOut : .cannotConnect(detail: failure.detail)
        case CURLE_COULDNT_RESOLVE_HOST:
            self = .dnsFailure(host: host)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_WEIRD_SERVER_REPLY,
            CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3, CURLE_BAD_CONTENT_ENCODING:
            // The server closed or garbled the connection before a whole reply: nothing usable arrived.
            self = .connectionLost(detail: failure.detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
            self = .tls(detail: failure.detail)
        case CURLE_ABORTED_BY_CALLBACK:
            self = .cancelled
        default:
            self = .other(detail: failure.detail)
        }
    }
}
