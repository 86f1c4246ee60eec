import Foundation
import VozJSON
import VozSupport

extension CastRecording {
    /// Reads an asciicast file: version 1, 2 or 3.
    public static func load(path: String) throws(RecordingError) -> CastRecording {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return try parse(data, path: path)
    }

    /// Reads asciicast v1, v2 or v3 text; `path` only names the file in errors and findings. Every event keeps
    /// the line of the file it is on, and its time since the start, whatever the version wrote.
    public static func parse(_ data: Data, path: String) throws(RecordingError) -> CastRecording {
        let result = data.withUnsafeBytes { parse($0, path: path) }
        return try result.get()
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer, path: String) -> Result<CastRecording, RecordingError> {
        var lines = LineReader(bytes)
        guard let (_, headerLine) = lines.next() else { return .failure(.badHeader(path: path)) }
        // v1 is one JSON document, usually spread over many lines: its first line alone is no JSON.
        guard let node = try? parser.parse(headerLine) else {
            return Result { () throws(RecordingError) in try wholeVersion1(bytes, path: path) }
        }
        do throws(RecordingError) {
            switch node["version"]?.int {
            case 1: return .success(try version1(node, path: path))
            case 2, 3: break
            default: throw .badHeader(path: path)
            }
            var recording = try header(node, path: path)
            // v3 writes each event's time since the one before it; v2 since the start. Kept in whole
            // microseconds, as both versions write them, so an hour of intervals adds up without drift.
            var elapsed = 0
            recording.events.reserveCapacity(bytes.count / 64)
            // In file order: a part's events, then the bad line that ended it, so the first fault in the file is
            // the one said, as one reader from the top would say it.
            for part in events(of: lines, version: recording.version) {
                for var event in part.events {
                    if recording.version == 3 {
                        elapsed += event.microseconds
                        guard elapsed < maximumMicroseconds else { throw .badEvent(path: path, line: event.line) }
                        event.time = Double(elapsed) / 1_000_000
                    }
                    recording.events.append(event)
                }
                if let bad = part.badLine { throw .badEvent(path: path, line: bad) }
            }
            return .success(recording)
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Versions 2 and 3

    static let parser = JSONParser(maxDepth: 8, maxBytes: 64 * 1024 * 1024)

    /// A billion seconds (31 years), in microseconds: no recording is longer.
    static let maximumMicroseconds = 1_000_000_000 * 1_000_000

    private static func header(_ node: JSONNode, path: String) throws(RecordingError) -> CastRecording {
        let version = node["version"]?.int ?? 0
        // v3 puts the size and the terminal's type in `term`; v2 has width and height at the top.
        let size = version == 3 ? node["term"] : node
        // Checked accessors: a size or a timestamp past 64 bits is a bad header, never a trap.
        guard let width = size?[version == 3 ? "cols" : "width"]?.int,
            let height = size?[version == 3 ? "rows" : "height"]?.int,
            (1...1000).contains(width), (1...1000).contains(height)
        else { throw .badHeader(path: path) }
        var recording = CastRecording(path: path, width: width, height: height)
        recording.version = version
        recording.timestamp = node["timestamp"]?.int
        for member in node["env"]?.members ?? [] {
            if let value = member.value.string { recording.environment[member.key] = value }
        }
        if version == 3, recording.environment["TERM"] == nil, let type = node["term"]?["type"]?.string {
            recording.environment["TERM"] = type
        }
        recording.inputEcho = (node[echoField]?.elements ?? []).compactMap { element in
            if case .bool(let echoed) = element.value { return echoed }
            return nil
        }
        if case .bool(let cut) = node[cutField]?.value { recording.outputCut = cut }
        recording.exitStatus = node[exitField]?.int
        return recording
    }

    /// One event line: the common shape read from its bytes, anything else through the JSON parser.
    private static func event(_ line: UnsafeRawBufferPointer, number: Int) -> Event? {
        if let (time, code, data) = CastEventLine.parse(line) {
            guard time >= 0, time < 1e9 else { return nil }
            return Event(time: time, code: code, data: data, line: number)
        }
        guard let node = try? parser.parse(line), let elements = node.elements, elements.count >= 3,
            // A time past a billion seconds (31 years) is no recording; it would also overflow the writer's
            // microseconds.
            let time = elements[0].double, time >= 0, time < 1e9,
            let code = elements[1].string, let data = elements[2].string
        else { return nil }
        return Event(time: time, code: code, data: data, line: number)
    }

    // MARK: - Event lines in parts

    /// The events of one stretch of lines, up to the first line that is no event (its number in `badLine`).
    private struct Part: Sendable {
        var events: [Event] = []
        var badLine: Int?
    }

    /// A file past this size is read in one part a core: its lines are independent, and reading them is a sixth
    /// of a long recording's audit.
    static let partedReadBytes = 1 << 20

    /// The event lines after the header, read in parts that split at line feeds, on as many threads as cores.
    private static func events(of lines: LineReader, version: Int) -> [Part] {
        let remaining = lines.bytes.count - lines.start
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let count = remaining >= partedReadBytes && cores > 1 ? min(cores, 8) : 1
        // Each part starts after a line feed, numbered by the line feeds before it.
        var readers = [lines]
        for index in 1..<count {
            guard let previous = readers.last,
                let start = lines.lineStart(atOrAfter: lines.start + remaining * index / count),
                start > previous.start
            else { break }
            readers[readers.count - 1].end = start
            let number = previous.number + lines.lineFeeds(previous.start..<start)
            readers.append(LineReader(lines.bytes, start: start, number: number))
        }
        return readers.concurrentMap { part($0, version: version) }
    }

    private static func part(_ reader: LineReader, version: Int) -> Part {
        var reader = reader
        var part = Part()
        part.events.reserveCapacity((reader.end - reader.start) / 64)
        while let (number, line) = reader.next() {
            if version == 3, line.first == UInt8(ascii: "#") { continue }
            guard let event = event(line, number: number) else {
                part.badLine = number
                break
            }
            part.events.append(event)
        }
        return part
    }

    // MARK: - Version 1

    /// A v1 file whose first line is not a whole JSON value: the whole file is the one object.
    private static func wholeVersion1(_ bytes: UnsafeRawBufferPointer, path: String) throws(RecordingError)
        -> CastRecording
    {
        guard let node = try? parser.parse(bytes), node["version"]?.int == 1 else { throw .badHeader(path: path) }
        return try version1(node, path: path)
    }

    /// asciicast v1: one object with the size, the environment and `stdout`, frames of `[delay, data]` where the
    /// delay counts from the frame before. Every frame is output.
    private static func version1(_ node: JSONNode, path: String) throws(RecordingError) -> CastRecording {
        guard let width = node["width"]?.int, let height = node["height"]?.int, (1...1000).contains(width),
            (1...1000).contains(height), let frames = node["stdout"]?.elements
        else { throw .badHeader(path: path) }
        var recording = CastRecording(path: path, width: width, height: height)
        recording.version = 1
        for member in node["env"]?.members ?? [] {
            if let value = member.value.string { recording.environment[member.key] = value }
        }
        var elapsed = 0
        recording.events.reserveCapacity(frames.count)
        for frame in frames {
            guard let parts = frame.elements, parts.count >= 2, let delay = parts[0].double, delay >= 0,
                delay < 1e9, let data = parts[1].string
            else { throw .badEvent(path: path, line: frame.line) }
            elapsed += Int((delay * 1_000_000).rounded())
            guard elapsed < maximumMicroseconds else { throw .badEvent(path: path, line: frame.line) }
            recording.events.append(
                Event(time: Double(elapsed) / 1_000_000, code: "o", data: data, line: frame.line))
        }
        return recording
    }
}

// MARK: - Lines

/// The non-blank lines of a file with their 1-based numbers, without their line feeds.
private struct LineReader: @unchecked Sendable {
    // Unchecked: the bytes are the file's, read and never written while the parts are read.
    let bytes: UnsafeRawBufferPointer
    var start = 0
    /// Where this reader stops: the file's end, or the start of the next part.
    var end: Int
    var number = 0

    init(_ bytes: UnsafeRawBufferPointer, start: Int = 0, number: Int = 0) {
        self.bytes = bytes
        self.start = start
        self.end = bytes.count
        self.number = number
    }

    mutating func next() -> (Int, UnsafeRawBufferPointer)? {
        guard let base = bytes.baseAddress else { return nil }
        while start < end {
            let found = memchr(base + start, 0x0A, end - start)
            let stop = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? end
            number += 1
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<stop])
            start = stop + 1
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { return (number, line) }
        }
        return nil
    }

    /// The first byte after the first line feed at or past `offset`; nil when none follows.
    func lineStart(atOrAfter offset: Int) -> Int? {
        guard let base = bytes.baseAddress, offset < end,
            let found = memchr(base + offset, 0x0A, end - offset)
        else { return nil }
        let next = base.distance(to: UnsafeRawPointer(found)) + 1
        return next < end ? next : nil
    }

    /// How many line feeds `range` holds.
    func lineFeeds(_ range: Range<Int>) -> Int {
        var count = 0
        for byte in UnsafeRawBufferPointer(rebasing: bytes[range]) where byte == 0x0A { count += 1 }
        return count
    }
}
