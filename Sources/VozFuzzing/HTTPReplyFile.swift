import Foundation
import VozKit

/// Reads a reply written as the project's reply fixtures are (status line, headers, blank line, body), however
/// broken: whatever cannot be read becomes a 200 with no headers, since the fuzzer must reach the reader.
public enum HTTPReplyFile {
    public static func read(_ data: Data) -> HTTPReply {
        let bytes = [UInt8](data)
        let split = bytes.firstRange(of: [13, 10, 13, 10] as [UInt8]) ?? bytes.firstRange(of: [10, 10] as [UInt8])
        let headEnd = split?.lowerBound ?? bytes.count
        let bodyStart = split?.upperBound ?? bytes.count
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
        let lines = head.split(whereSeparator: \.isNewline).map(String.init)
        let words = lines.first?.split(separator: " ") ?? []
        let status = words.count >= 2 ? Int(words[1]) ?? 200 : 200
        let headers = lines.dropFirst().compactMap { line -> HTTPHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPHeader(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return HTTPReply(status: status, headers: headers, body: Data(bytes[bodyStart...]))
    }
}
