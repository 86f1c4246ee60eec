import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// Foundation's `availableData` and `readDataToEndOfFile()` stop the whole test run (a `try!` inside) when a read
// is interrupted by a signal, which happens when the many children the tests start exit. These retry instead.
extension FileHandle {
    /// The bytes available now, waiting for at least one; empty at end of file.
    public func readSomeRetrying() -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Data(buffer[..<count]) }
            if errno != EINTR { return Data() }
        }
    }

    /// Everything up to the end of file.
    public func readToEndRetrying() -> Data {
        var data = Data()
        while true {
            let chunk = readSomeRetrying()
            if chunk.isEmpty { return data }
            data.append(chunk)
        }
    }
}
