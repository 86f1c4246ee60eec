import Foundation

/// Why a figure could not be measured; the bench prints it in the figure's row instead of stopping.
enum BenchError: Error, CustomStringConvertible {
    case spawn(String, Int32)
    case missing(String)
    case failed(String)

    var description: String {
        switch self {
        case .spawn(let path, let code): return "cannot start \(path): \(String(cString: strerror(code)))"
        case .missing(let what): return "\(what) not found"
        case .failed(let detail): return detail
        }
    }
}
