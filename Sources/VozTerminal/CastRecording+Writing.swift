import VozJSON

extension CastRecording {
    /// The asciicast versions Voz writes: 2, what asciinema 2 writes and most players read, or 3, asciinema 3's.
    public enum Format: String, Sendable, CaseIterable {
        /// Version 2: each event's time since the start.
        case v2
        /// Version 3: each event's time since the one before, the size in the header's `term`.
        case v3
    }

    /// The recording as asciicast text: the header line, then one event a line.
    public func text(_ format: Format = .v2) -> String {
        var output = headerLine(format)
        var previous = 0
        for event in events {
            output += Self.eventLine(event, format: format, previous: &previous)
        }
        if let exit = exitEvent(format, after: Double(previous) / 1_000_000) {
            output += Self.eventLine(exit, format: format, previous: &previous)
        }
        return output
    }

    /// The `x` event v3 ends with when the program's exit status is known and no event said it yet; v2 has no such
    /// event, and says the status in its header.
    func exitEvent(_ format: Format, after time: Double) -> Event? {
        guard format == .v3, let exitStatus, !events.contains(where: { $0.code == "x" }) else { return nil }
        return Event(time: time, code: "x", data: String(exitStatus))
    }

    /// The header line, with its line feed.
    func headerLine(_ format: Format) -> String {
        var environment = environment
        var header: String
        switch format {
        case .v2: header = "{\"version\": 2, \"width\": \(width), \"height\": \(height)"
        case .v3:
            // v3 names the terminal's type in `term`; the rest of the environment stays in `env`.
            header = "{\"version\": 3, \"term\": {\"cols\": \(width), \"rows\": \(height)"
            if let type = environment.removeValue(forKey: "TERM") { header += ", \"type\": " + JSONWriter.quoted(type) }
            header += "}"
        }
        if let timestamp { header += ", \"timestamp\": \(timestamp)" }
        if !environment.isEmpty {
            let members = environment.keys.sorted().map { key in
                JSONWriter.quoted(key) + ": " + JSONWriter.quoted(environment[key] ?? "")
            }
            header += ", \"env\": {" + members.joined(separator: ", ") + "}"
        }
        if !inputEcho.isEmpty {
            header +=
                ", \"\(Self.echoField)\": [" + inputEcho.map { $0 ? "true" : "false" }.joined(separator: ", ") + "]"
        }
        if outputCut { header += ", \"\(Self.cutField)\": true" }
        if format == .v2, let exitStatus { header += ", \"\(Self.exitField)\": \(exitStatus)" }
        return header + "}\n"
    }

    /// One event's line, with its line feed. `previous` is the time of the event before, in microseconds, and
    /// becomes this one's: v3's intervals are taken between whole microseconds, so reading them back adds up to
    /// the same times.
    static func eventLine(_ event: Event, format: Format, previous: inout Int) -> String {
        let micro = event.microseconds
        let time = format == .v3 ? micro - previous : micro
        previous = micro
        return "[" + seconds(microseconds: time) + ", " + JSONWriter.quoted(event.code) + ", "
            + JSONWriter.quoted(event.data) + "]\n"
    }

    /// Seconds with microsecond precision, as asciinema writes them.
    static func seconds(_ time: Double) -> String {
        seconds(microseconds: Int((time * 1_000_000).rounded()))
    }

    static func seconds(microseconds micro: Int) -> String {
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
