/// How much of a request the service is willing to read.
struct HTTPLimits: Sendable, Equatable {
    /// The request line and headers together, CRLFs included.
    var maxHeadBytes = 16 * 1024
    var maxHeaderCount = 64
    var maxTargetBytes = 8 * 1024
    /// Bodies larger than this are answered 413 without being read.
    var maxBodyBytes = 64 * 1024
}
