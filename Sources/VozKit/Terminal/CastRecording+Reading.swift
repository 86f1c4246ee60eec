import Foundation

extension CastRecording {
    /// Reads an asciicast v2 file.
    public static func load(path: String) throws(RecordingError) -> CastRecording {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return try parse(data, path: path)
    }

    /// Reads asciicast v2 text; `path` only names the file in errors and findings.
    public static func parse(_ data: Data, path: String) throws(RecordingError) -> CastRecording {
        let parser = JSONParser(maxDepth: 8, maxBytes: 64 * 1024 * 1024)
        var recording: CastRecording?
        var lineNumber = 0
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            lineNumber += 1
            let line = data[start..<end]
            start = end < data.endIndex ? data.index(after: end) : end
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            guard let node = try? parser.parse(line) else {
                if recording == nil { throw .badHeader(path: path) }
                throw .badEvent(path: path, line: lineNumber)
            }
            if recording == nil {
                recording = try header(node, path: path)
                continue
            }
            guard let event = event(node, line: lineNumber) else { throw .badEvent(path: path, line: lineNumber) }
            recording?.events.append(event)
        }
        guard let recording else { throw .badHeader(path: path) }
        return recording
    }

    // MARK: - Lines

    private static func header(_ node: JSONNode, path: String) throws(RecordingError) -> CastRecording {
        // Checked accessors: a size or a timestamp past 64 bits is a bad header, never a trap.
        guard node["version"]?.int == 2, let width = node["width"]?.int, let height = node["height"]?.int,
            (1...1000).contains(width), (1...1000).contains(height)
        else { throw .badHeader(path: path) }
        var recording = CastRecording(path: path, width: width, height: height)
        recording.timestamp = node["timestamp"]?.int
        for member in node["env"]?.members ?? [] {
            if let value = member.value.string { recording.environment[member.key] = value }
        }
        recording.inputEcho = (node[echoField]?.elements ?? []).compactMap { element in
            if case .bool(let echoed) = element.value { return echoed }
            return nil
        }
        return recording
    }

    private static func event(_ node: JSONNode, line: Int) -> Event? {
        guard let elements = node.elements, elements.count >= 3,
            // A time past a billion seconds (31 years) is no recording; it would also overflow the writer's microseconds.
            let time = elements[0].double, time >= 0, time < 1e9,
            let code = elements[1].string, let data = elements[2].string
        else { return nil }
        return Event(time: time, code: code, data: data, line: line)
    }
}
