extension CastRecording {
    /// The recording as asciicast v2 text: the header line, then one event a line.
    public func text() -> String {
        var header = "{\"version\": 2, \"width\": \(width), \"height\": \(height)"
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
        header += "}\n"
        var output = header
        for event in events {
            output +=
                "[" + Self.seconds(event.time) + ", " + JSONWriter.quoted(event.code) + ", "
                + JSONWriter.quoted(event.data) + "]\n"
        }
        return output
    }

    /// Seconds with microsecond precision, as asciinema writes them.
    static func seconds(_ time: Double) -> String {
        let micro = Int((time * 1_000_000).rounded())
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
