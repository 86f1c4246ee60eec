import Foundation
import VozJSON

/// Why a description, or a document one refers to, could not be read from its file or address. Each case is the
/// end of one sentence that begins with the address, and says what to do.
public enum SpecLoadFailure: Error, Sendable, Equatable {
    /// No file has that name.
    case noFile
    /// The name is a folder.
    case folder
    /// The file exists but cannot be read.
    case denied
    /// The name is a pipe, a device or a socket, which a reference may not name: opening a pipe nobody writes to
    /// waits for ever, and a device never ends.
    case notAFile(Special)
    /// More bytes than `limit`.
    case tooLarge(limit: Int)
    /// Plain HTTP to another machine, which anyone on the way could change.
    case insecure
    /// The address is neither a file nor http(s).
    case scheme(String)
    /// A downloaded description refers to a file on this computer.
    case fileFromNetwork
    /// The server answered with this status instead of the document.
    case status(Int)
    /// More redirects than `limit`.
    case redirects(limit: Int)
    /// Nothing listens at the address.
    case cannotConnect
    /// The host name is unknown.
    case unknownHost(String)
    /// No answer within `seconds`.
    case timedOut(seconds: Int)
    /// TLS failed: a certificate or the handshake.
    case tls
    /// libcurl, which every download goes through, could not be opened; `detail` is for the technical log.
    case networkLibraryMissing(detail: String)
    /// The download failed another way; `detail` is for the technical log.
    case failed(detail: String)

    /// What a name may be other than a file or a folder.
    public enum Special: Sendable, Equatable {
        /// A named pipe (FIFO).
        case pipe
        /// A character or block device.
        case device
        /// A Unix socket.
        case socket
    }

    /// The catalog key and arguments of the sentence's end.
    var phrase: (key: String, arguments: [String: String]) {
        switch self {
        case .noFile: return ("spec.load.noFile", [:])
        case .folder: return ("spec.load.folder", [:])
        case .denied: return ("spec.load.denied", [:])
        case .notAFile(.pipe): return ("spec.load.pipe", [:])
        case .notAFile(.device): return ("spec.load.device", [:])
        case .notAFile(.socket): return ("spec.load.socket", [:])
        case .tooLarge(let limit): return ("spec.load.tooLarge", ["size": ByteSize.describe(limit)])
        case .insecure: return ("spec.load.insecure", [:])
        case .scheme(let scheme): return ("spec.load.scheme", ["scheme": scheme])
        case .fileFromNetwork: return ("spec.load.fileFromNetwork", [:])
        // The number means nothing read aloud; whether the document is missing or refused does.
        case .status(404), .status(410): return ("spec.load.notFound", [:])
        case .status: return ("spec.load.status", [:])
        case .redirects(let limit): return ("spec.load.redirects", ["count": String(limit)])
        case .cannotConnect: return ("spec.load.cannotConnect", [:])
        case .unknownHost(let host): return ("spec.load.unknownHost", ["host": host])
        case .timedOut(let seconds): return ("spec.load.timedOut", ["seconds": String(seconds)])
        case .tls: return ("spec.load.tls", [:])
        case .networkLibraryMissing: return ("spec.load.networkLibrary", [:])
        case .failed: return ("spec.load.failed", [:])
        }
    }
}
