import Foundation

extension TransportError {
    /// The transport error a Foundation `URLError` stands for, for a transport of one's own built on URLSession
    /// (`URLError` is Foundation's, so VozKit does not need FoundationNetworking for it); its technical text is
    /// kept for the log only.
    ///
    /// Certificate and TLS failures are their own case because they are permanent (retrying will not fix a
    /// certificate), while every network failure is transient.
    public init(urlError: URLError, host: String? = nil) {
        let detail = "URLError \(urlError.code.rawValue): \(urlError.localizedDescription)"
        switch urlError.code {
        case .timedOut:
            self = .timedOut
        case .cannotConnectToHost:
            self = .cannotConnect(detail: detail)
        case .networkConnectionLost:
            self = .connectionLost(detail: detail)
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            self = .notConnected
        case .cannotFindHost, .dnsLookupFailed:
            self = .dnsFailure(host: host ?? urlError.failingURL?.host ?? "")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            self = .tls(detail: detail)
        case .cancelled:
            self = .cancelled
        case .dataLengthExceedsMaximum:
            self = .replyTooLarge(limit: 0)
        default:
            self = .other(detail: detail)
        }
    }
}
