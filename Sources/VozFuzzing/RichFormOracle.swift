import Foundation

/// What a rich form run must never do; each check names the oracle it belongs to.
public enum RichFormOracle: String, CaseIterable, Sendable {
    /// A value typed into a secret field, in standard output or error or in any file Voz wrote.
    case secret
    /// The API key from the environment, in any output or file.
    case apiKey = "api-key"
    /// A line break that reached a header: a header the form never had, or a bare CR or LF in the head.
    case headerInjection = "header-injection"
    /// A request whose path left the address the form names.
    case pathTraversal = "path-traversal"
    /// C0 controls other than line feed and tab, ESC, or C1 controls in standard output or error.
    case controlBytes = "control-bytes"

    /// What one run of `voz` left: its two streams, the files it wrote and the requests the server received.
    public struct Evidence {
        public var output: [UInt8]
        public var error: [UInt8]
        public var files: [(path: String, data: Data)]
        public var requests: [(head: String, body: String)]

        public init(
            output: [UInt8], error: [UInt8], files: [(path: String, data: Data)],
            requests: [(head: String, body: String)]
        ) {
            self.output = output
            self.error = error
            self.files = files
            self.requests = requests
        }
    }

    /// Every oracle the evidence breaks, with where, in oracle order.
    public static func findings(_ run: RichFormCase, _ evidence: Evidence) -> [(RichFormOracle, String)] {
        var found: [(RichFormOracle, String)] = []
        let outputs = [("stdout", Data(evidence.output)), ("stderr", Data(evidence.error))] + evidence.files
        // A token the session took for another field (a refused answer shifts every line after it) was not typed
        // into a secret field: the transcript shows where each line went.
        let typedInClear = Self.typedOutsideSecrets(evidence.files)
        for secret in run.secrets where !typedInClear.contains(where: { $0.contains(secret) }) {
            for (place, data) in outputs where data.range(of: Data(secret.utf8)) != nil {
                found.append((.secret, place))
            }
        }
        // The key's distinctive part: an injection tail after it may be refused or cut, the key itself never shown.
        let key = String(run.apiKey.prefix { $0.isLetter || $0.isNumber })
        if key.count >= 8 {
            for (place, data) in outputs where data.range(of: Data(key.utf8)) != nil { found.append((.apiKey, place)) }
        }
        for request in evidence.requests {
            if let problem = headerProblem(request.head) { found.append((.headerInjection, problem)) }
            if let path = traversal(request.head, prefix: run.pathPrefix) { found.append((.pathTraversal, path)) }
        }
        for (place, bytes) in [("stdout", evidence.output), ("stderr", evidence.error)] {
            if let control = controlByte(in: bytes) { found.append((.controlBytes, "\(place): \(control)")) }
        }
        return found
    }

    // MARK: - Checks

    /// The lines the transcript recorded in clear: typed where no secret field had the focus.
    static func typedOutsideSecrets(_ files: [(path: String, data: Data)]) -> [String] {
        files.filter { $0.path.hasSuffix(".jsonl") }.flatMap { file in
            String(decoding: file.data, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
                guard let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    event["kind"] as? String == "input", event["detail"] as? String != "hidden"
                else { return nil }
                return event["text"] as? String
            }
        }
    }

    static func headerProblem(_ head: String) -> String? {
        let lines = head.components(separatedBy: "\r\n")
        for line in lines {
            if line.contains("\r") || line.contains("\n") { return "a bare line break in \(line.debugDescription)" }
            if line.lowercased().hasPrefix(RichFormCase.injectedHeader.lowercased()) { return "an injected header" }
        }
        return nil
    }

    /// The request's path when it is not below `prefix` once its dot segments are resolved, as a server would.
    static func traversal(_ head: String, prefix: String) -> String? {
        // By the string "\r\n": as a Character it is one grapheme, never equal to "\r" or "\n" alone.
        let requestLine = (head.components(separatedBy: "\r\n").first ?? "").split(separator: " ")
        guard requestLine.count == 3 else { return "a malformed request line: \(requestLine.joined(separator: " "))" }
        let target = requestLine[1]
        let path = target.prefix { $0 != "?" && $0 != "#" }
        var resolved: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            switch segment {
            case ".": continue
            case "..": _ = resolved.popLast()
            default: resolved.append(segment)
            }
        }
        let normal = "/" + resolved.joined(separator: "/")
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let rawDot = segments.contains { $0 == "." || $0 == ".." }
        let empty = segments.dropLast().contains { $0.isEmpty }
        return normal.hasPrefix(prefix) && !rawDot && !empty ? nil : String(target)
    }

    /// The first forbidden control in `bytes`, named, or nil.
    static func controlByte(in bytes: [UInt8]) -> String? {
        for byte in bytes where byte < 0x20 && byte != 0x0A && byte != 0x09 {
            return String(format: "byte 0x%02X", byte)
        }
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where (0x80...0x9F).contains(scalar.value) {
            return String(format: "U+%04X", scalar.value)
        }
        return nil
    }
}
