import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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
        while !buffer.contains(UInt8(ascii: "\n")) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            // Waited for with the time left, never read blindly: a server that starts, prints nothing and stays
            // up would hold a blocking read (and the test's thread) forever.
            var watched = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, Int32(left * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { continue }
            if ready < 0 { break }
            let chunk = handle.readSomeRetrying()
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        return String(decoding: buffer, as: UTF8.self)
    }
}
