import Foundation
import VozJSON

/// Turns a request body into a JSON value, whichever of the two encodings a form may use (design §6).
enum RequestBody {
    enum Failure: Error, Equatable {
        case unsupportedMediaType
        case notJSON
        case notObject
    }

    /// The body as a JSON object: JSON as is, `application/x-www-form-urlencoded` as an object of strings.
    static func decode(_ request: HTTPRequest) -> Result<JSONNode, Failure> {
        let mediaType =
            request.header("Content-Type")?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? "application/json"
        let value: JSONNode
        if mediaType == "application/x-www-form-urlencoded" {
            guard let form = formValue(request.body) else { return .failure(.notJSON) }
            value = form
        } else if mediaType == "application/json" || mediaType.hasSuffix("+json") {
            guard let json = try? JSONParser().parse(request.body) else { return .failure(.notJSON) }
            value = json
        } else {
            return .failure(.unsupportedMediaType)
        }
        guard value.members != nil else { return .failure(.notObject) }
        return .success(value)
    }

    /// The canonical text of a body for fingerprints: JSON with sorted members, so that the same payload with its
    /// members reordered or spaced differently is recognised as the same.
    static func canonical(_ request: HTTPRequest) -> [UInt8] {
        guard case .success(let value) = decode(request) else { return Array(request.body) }
        return JSONWriter(sortsKeys: true).bytes(value)
    }

    private static func formValue(_ body: Data) -> JSONNode? {
        let text = String(decoding: body, as: UTF8.self)
        var members: [(String, JSONNode)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
            guard let name = parts.first.flatMap(decode) else { return nil }
            guard let value = parts.count > 1 ? decode(parts[1]) : "" else { return nil }
            members.append((name, .string(value)))
        }
        return .object(members)
    }
}
