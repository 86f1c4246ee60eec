import Foundation
import VozForm

/// The strict HTTP/1.1 request parser (RFC 9112): CRLF line endings only, token methods and header names, no
/// obsolete line folding, no control characters in values, and a body only through one `Content-Length`.
enum HTTPRequestParser {
    // MARK: - Framing

    /// Where the blank line that ends the head starts in `buffer`, searching from `start`.
    static func headEnd(in buffer: [UInt8], from start: Int = 0) -> Int? {
        guard buffer.count >= 4 else { return nil }
        var index = max(0, start)
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether `buffer` has a line feed without its carriage return: such a head can never be
    /// valid, so it is refused at once instead of waiting for a blank line that will not come.
    static func hasBareLineFeed(in buffer: [UInt8], from start: Int = 0) -> Bool {
        var index = max(0, start)
        while index < buffer.count {
            if buffer[index] == 10, index == 0 || buffer[index - 1] != 13 {
                return true
            }
            index += 1
        }
        return false
    }

    // MARK: - Head

    /// Parses the request line and headers (without the final blank line); the body is left empty.
    static func parseHead(_ head: ArraySlice<UInt8>, limits: HTTPLimits) throws(HTTPParseError) -> HTTPRequest {
        let lines = try splitLines(head)
        guard let requestLine = lines.first else { throw .malformedRequestLine }
        var request = try parseRequestLine(requestLine, limits: limits)
        let headerLines = lines.dropFirst()
        guard headerLines.count <= limits.maxHeaderCount else { throw .tooManyHeaders }
        for line in headerLines {
            request.headers.append(try parseHeader(line))
        }
        if request.version == "HTTP/1.1", request.headerValues("Host").count != 1 {
            throw .missingHost
        }
        return request
    }

    /// How many body bytes follow the head: refuses Transfer-Encoding, conflicting or malformed lengths, bodies
    /// over the limit, and a missing length on methods that carry a body.
    static func bodyLength(of request: HTTPRequest, limits: HTTPLimits) throws(HTTPParseError) -> Int {
        if !request.headerValues("Transfer-Encoding").isEmpty {
            throw .transferEncodingNotSupported
        }
        let values = request.headerValues("Content-Length")
        guard let first = values.first else {
            if ["POST", "PUT", "PATCH"].contains(request.method) {
                throw .missingContentLength
            }
            return 0
        }
        guard values.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 18,
            first.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let length = Int(first)
        else { throw .invalidContentLength }
        guard length <= limits.maxBodyBytes else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
        return length
    }

    // MARK: - Lines

    private static func splitLines(_ head: ArraySlice<UInt8>) throws(HTTPParseError) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var index = head.startIndex
        while index < head.endIndex {
            let byte = head[index]
            if byte == 13 {
                let next = head.index(after: index)
                guard next < head.endIndex, head[next] == 10 else {
                    throw lines.isEmpty ? .malformedRequestLine : .malformedHeader
                }
                lines.append(head[start..<index])
                index = head.index(after: next)
                start = index
                continue
            }
            if byte == 10 {
                throw lines.isEmpty ? .malformedRequestLine : .malformedHeader
            }
            index = head.index(after: index)
        }
        lines.append(head[start..<head.endIndex])
        return lines
    }

    private static func parseRequestLine(
        _ line: ArraySlice<UInt8>, limits: HTTPLimits
    ) throws(HTTPParseError) -> HTTPRequest {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformedRequestLine }
        let method = parts[0]
        let target = parts[1]
        let version = parts[2]
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else { throw .malformedRequestLine }
        guard target.count <= limits.maxTargetBytes else { throw .targetTooLong }
        guard target.first == 47, target.allSatisfy({ $0 > 32 && $0 < 127 }) else { throw .malformedRequestLine }
        let versionText = String(decoding: version, as: UTF8.self)
        guard isVersionShaped(version) else { throw .malformedRequestLine }
        guard versionText == "HTTP/1.1" || versionText == "HTTP/1.0" else {
            throw .unsupportedVersion(versionText)
        }
        let targetText = String(decoding: target, as: UTF8.self)
        let path: String
        let query: String
        if let mark = targetText.firstIndex(of: "?") {
            path = String(targetText[..<mark])
            query = String(targetText[targetText.index(after: mark)...])
        } else {
            path = targetText
            query = ""
        }
        return HTTPRequest(
            method: String(decoding: method, as: UTF8.self), path: path, query: query, version: versionText,
            headers: [], body: Data())
    }

    private static func parseHeader(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPHeader {
        // A line starting with white space is obsolete folding (RFC 9112 §5.2): refused.
        guard let colon = line.firstIndex(of: 58), colon > line.startIndex else { throw .malformedHeader }
        let name = line[line.startIndex..<colon]
        guard name.allSatisfy(isTokenByte) else { throw .malformedHeader }
        var value = line[line.index(after: colon)...]
        while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
        while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
        guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else { throw .malformedHeader }
        // Values are octets; ISO 8859-1 maps each one to a character without ever failing.
        let text = String(value.map { Character(Unicode.Scalar($0)) })
        return HTTPHeader(name: String(decoding: name, as: UTF8.self), value: text)
    }

    // MARK: - Characters

    /// `tchar` of RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func isVersionShaped(_ version: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(version)
        return bytes.count == 8 && Array(bytes[0..<5]) == Array("HTTP/".utf8) && (48...57).contains(bytes[5])
            && bytes[6] == 46 && (48...57).contains(bytes[7])
    }
}
