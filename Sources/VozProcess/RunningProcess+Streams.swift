import CSpawn

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Reading and writing

extension RunningProcess {
    /// What one read of a channel gave.
    public enum ReadResult: Sendable, Equatable {
        /// Bytes the child wrote.
        case data([UInt8])
        /// Nothing yet: the wait ended first.
        case quiet
        /// The channel's end: every writer has closed it (a pseudo-terminal: every slave descriptor). Closed here.
        case closed
    }

    /// Waits up to `limit` for `channel` to hold something and reads what it holds now, at most `atMost` bytes.
    /// Never waits longer than `limit`, whatever the child does.
    public func read(_ channel: Channel, waitingUpTo limit: Duration, atMost: Int = 65_536) -> ReadResult {
        let descriptor = self.descriptor(channel)
        guard descriptor >= 0 else { return .closed }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = limit <= .zero ? 1 : poll(&watched, 1, pollMilliseconds(limit))
        if ready < 0 { return errno == EINTR ? .quiet : .closed }
        if ready == 0 { return .quiet }
        var buffer = [UInt8](repeating: 0, count: max(1, atMost))
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return .data(Array(buffer[..<count])) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return .quiet }
            // The end (0), or EIO from a terminal whose every slave is closed, or a failure no retry mends: closed,
            // unless the number was taken from under this reader, when it is someone else's to close.
            if isStillOwn(channel, descriptor) { close(channel) }
            return .closed
        }
    }

    /// Everything `channel` holds now, without waiting; closes it at its end.
    public func readAvailable(_ channel: Channel) -> [UInt8] {
        var bytes: [UInt8] = []
        while case .data(let more) = read(channel, waitingUpTo: .zero) { bytes += more }
        return bytes
    }

    /// Writes as much of `bytes` as `channel` takes within `limit`, waiting while it is full; drops what was
    /// written and returns false when the channel is gone (closed here, or by the child: EPIPE) or the time ran out.
    @discardableResult
    public func write(_ bytes: inout ArraySlice<UInt8>, to channel: Channel, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while !bytes.isEmpty {
            let descriptor = self.descriptor(channel)
            guard descriptor >= 0 else { return false }
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes = bytes.dropFirst(count)
                continue
            }
            if count < 0, errno == EINTR { continue }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&watched, 1, pollMilliseconds(left))
        }
        return true
    }

    /// Writes all of `bytes` to `channel`, waiting up to `limit` while it is full; false when it could not.
    @discardableResult
    public func write(_ bytes: [UInt8], to channel: Channel, within limit: Duration = .seconds(10)) -> Bool {
        var pending = bytes[...]
        return write(&pending, to: channel, within: limit)
    }

    // MARK: - The pseudo-terminal

    /// Sets the pseudo-terminal's size; the kernel sends SIGWINCH to the program in its foreground. False when
    /// there is no terminal or the size was refused.
    @discardableResult
    public func setWindowSize(_ size: ProcessOptions.WindowSize) -> Bool {
        let master = descriptor(.terminal)
        guard master >= 0 else { return false }
        return voz_set_window_size(master, UInt16(clamping: size.columns), UInt16(clamping: size.rows)) == 0
    }

    /// Whether the pseudo-terminal echoes typed characters now (termios ECHO, as the program last set it); true
    /// when there is no terminal to ask.
    public var echoes: Bool {
        var settings = termios()
        let master = descriptor(.terminal)
        guard master >= 0, tcgetattr(master, &settings) == 0 else { return true }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// The byte the terminal turns into a signal for the program in its foreground, as the keys a person presses.
    public enum TerminalKey: UInt8, Sendable {
        /// Ctrl-C: SIGINT (VINTR).
        case interrupt = 0x03
        /// Ctrl-Z: SIGTSTP (VSUSP).
        case suspend = 0x1A
        /// Ctrl-\: SIGQUIT (VQUIT).
        case quit = 0x1C
        /// Ctrl-D: the end of input for a program reading lines (VEOF).
        case endOfInput = 0x04
    }

    /// Types `key` at the pseudo-terminal, which acts on it as on a person's key press (the line discipline sends
    /// the signal to the foreground group, in whatever group the program put its job); false with no terminal.
    @discardableResult
    public func press(_ key: TerminalKey) -> Bool {
        write([key.rawValue], to: .terminal, within: .seconds(1))
    }
}
