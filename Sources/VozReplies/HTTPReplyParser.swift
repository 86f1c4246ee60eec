import Foundation
import VozForm

/// Reads an HTTP/1.1 reply from the bytes a server sent before closing: the status line, the headers in order,
/// and the body framed by `Transfer-Encoding: chunked`, `Content-Length` or the close.
package enum HTTPReplyParser {
    /// Why the bytes are not a whole reply.
    package enum Failure: Error, Equatable, Sendable {
        /// Nothing arrived: the server closed without answering.
        case empty
        /// No status line and headers ending in an empty line.
        case malformedHead
        /// The server closed before the body its framing announced.
        case truncatedBody
    }

    package static func parse(_ bytes: [UInt8]) -> Result<HTTPReply, Failure> {
        let reply: HTTPReply
        let rest: ArraySlice<UInt8>
        switch head(bytes) {
        case .failure(let failure): return .failure(failure)
        case .success(let head): (reply, rest) = (head.reply, bytes[head.bodyStart...])
        }
        let (status, headers) = (reply.status, reply.headers)
        if reply.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            return dechunked(rest).map { HTTPReply(status: status, headers: headers, body: Data($0)) }
        }
        if let length = reply.header("Content-Length").flatMap({ Int($0) }), length >= 0 {
            guard rest.count >= length else { return .failure(.truncatedBody) }
            return .success(HTTPReply(status: status, headers: headers, body: Data(rest.prefix(length))))
        }
        return .success(HTTPReply(status: status, headers: headers, body: Data(rest)))
    }

    /// The status line and headers alone, and where the body starts: enough to know a send's outcome when the
    /// body is cut short.
    package static func head(_ bytes: [UInt8]) -> Result<(reply: HTTPReply, bodyStart: Int), Failure> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        guard let end = headEnd(bytes) else { return .failure(.malformedHead) }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ", maxSplits: 2)
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/"), let status = Int(statusWords[1]),
            (100...999).contains(status)
        else { return .failure(.malformedHead) }
        var headers: [HTTPHeader] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return .failure(.malformedHead) }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append(HTTPHeader(name: String(line[..<colon]), value: value))
        }
        return .success((HTTPReply(status: status, headers: headers), end + 4))
    }

    /// The offset of the `\r\n\r\n` that ends the head.
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }
    }

    /// The body of a chunked transfer: hexadecimal sizes, each chunk, until the zero-size one.
    private static func dechunked(_ bytes: ArraySlice<UInt8>) -> Result<[UInt8], Failure> {
        var body: [UInt8] = []
        var rest = bytes
        while true {
            guard let lineEnd = rest.indices.first(where: { rest[$0] == 10 }) else { return .failure(.truncatedBody) }
            let sizeText =
                String(decoding: rest[rest.startIndex..<lineEnd], as: UTF8.self)
                .split(separator: ";").first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { return .failure(.truncatedBody) }
            rest = rest[(lineEnd + 1)...]
            if size == 0 { return .success(body) }
            guard rest.count >= size + 2 else { return .failure(.truncatedBody) }
            body.append(contentsOf: rest.prefix(size))
            rest = rest.dropFirst(size + 2)
        }
    }
}
