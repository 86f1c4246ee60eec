import Foundation

extension Process {
    /// Starts the process with standard output on a pipe (standard error discarded) and returns the first line it
    /// prints, or what it printed by the end of `seconds`: a server's address line.
    public func runReadingFirstLine(within seconds: TimeInterval = 15) throws -> String {
        let output = Pipe()
        standardOutput = output
        standardError = FileHandle.nullDevice
        try run()
        var buffer = Data()
        let deadline = Date().addingTimeInterval(seconds)
        let handle = output.fileHandleForReading
        while !buffer.contains(UInt8(ascii: "\n")), Date() < deadline {
            let chunk = handle.readSomeRetrying()
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        return String(decoding: buffer, as: UTF8.self)
    }
}
