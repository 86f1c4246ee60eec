import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why the demo service could not start; each is one sentence naming the value at fault.
public enum DemoServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The service only listens on loopback; anything else would expose a test server to the network.
    case hostNotLoopback(String)
    case invalidPort(Int)
    case cannotBind(host: String, port: Int, code: Int32)
    case cannotOpenDatabase(path: String, detail: String)
    case systemCall(name: String, code: Int32)
    case alreadyStarted

    public var description: String {
        switch self {
        case .hostNotLoopback(let host):
            return "The demo service only listens on loopback (127.0.0.1 or ::1), so it will not listen on \(host)."
        case .invalidPort(let port):
            return "The port \(port) is not valid: give a number from 0 to 65535 (0 picks a free port)."
        case .cannotBind(let host, let port, let code):
            return "The demo service cannot listen on \(host) port \(port): \(Self.systemMessage(code))."
        case .cannotOpenDatabase(let path, let detail):
            return "The demo service cannot open its database \(path): \(detail)."
        case .systemCall(let name, let code):
            return "The demo service could not start because \(name) failed: \(Self.systemMessage(code))."
        case .alreadyStarted:
            return "The demo service is already running; stop it before starting it again."
        }
    }

    private static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
