import Foundation

/// Why a figure could not be measured; the bench prints it in the figure's row instead of stopping.
enum BenchError: Error, CustomStringConvertible {
    case missing(String)
    case failed(String)

    var description: String {
        switch self {
        case .missing(let what): return "\(what) not found"
        case .failed(let detail): return detail
        }
    }
}
