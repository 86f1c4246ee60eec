import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Standard input

extension ChildProcess {
    /// Writes all of `bytes` to the child's standard input (a `.pipe`), waiting while the pipe is full; returns
    /// false when the child has closed its end or there is no pipe. SIGPIPE is ignored from then on in this
    /// process: a child that stops reading must not end the one that feeds it.
    @discardableResult
    public func writeInput(_ bytes: [UInt8]) -> Bool {
        Glibc.signal(SIGPIPE, SIG_IGN)
        var pending: ArraySlice<UInt8> = bytes[...]
        while !pending.isEmpty {
            let descriptor = self.descriptor(.input)
            guard descriptor >= 0, write(&pending) else { return false }
            if pending.isEmpty { break }
            var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&watched, 1, -1)
        }
        return true
    }

    /// Closes standard input: the child reads its end.
    public func closeInput() {
        close(.input)
    }

    /// Writes what the pipe takes of `pending` now, without waiting; nil once it is all written and standard
    /// input closed, or the child closed its end.
    func feed(_ pending: inout ArraySlice<UInt8>?) {
        guard var bytes = pending else { return }
        if !bytes.isEmpty, descriptor(.input) >= 0, write(&bytes), !bytes.isEmpty {
            pending = bytes
            return
        }
        closeInput()
        pending = nil
    }

    /// Writes as much of `bytes` as the pipe takes now, dropping what was written; false when the pipe is gone
    /// (closed here, or by the child: EPIPE).
    private func write(_ bytes: inout ArraySlice<UInt8>) -> Bool {
        let descriptor = self.descriptor(.input)
        guard descriptor >= 0 else { return false }
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes = bytes.dropFirst(count)
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return true }
            return false
        }
        return true
    }
}
