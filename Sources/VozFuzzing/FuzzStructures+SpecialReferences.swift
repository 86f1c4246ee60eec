import Foundation
import VozTestSupport

extension FuzzStructures {
    // MARK: - Special references

    /// Where a generated `$ref` points: the scene's pipe, socket and folder (absolute and relative), devices,
    /// the server's documents that lead back to a local file, a redirect loop, too many redirects, nothing.
    static let specialPlaces = [
        "pipe", "./pipe", "@DIR@/pipe", "file://@DIR@/pipe", "socket", "@DIR@/socket", "folder", "folder/",
        "@DIR@/folder/", "file:///dev/zero", "file:///dev/urandom", "/dev/zero", "/dev/urandom", "/dev/null",
        "/dev/full", "../../../../../dev/zero", "file:///proc/self/fd/0", "/proc/self/fd/1", "/dev/stdin",
        "@REMOTE@/leak-abs.yaml", "@REMOTE@/leak-id.yaml", "@REMOTE@/remote-pipe.yaml", "@REMOTE@/remote-chain.yaml",
        "@REMOTE@/loop/leak-abs.yaml", "@REMOTE@/redirect/2/leak-abs.yaml", "@REMOTE@/redirect/9/leak-id.yaml",
        "@REMOTE@/missing.yaml", "@REMOTE@/folder/", "#/components/schemas/Local",
    ]

    /// A description of a few operations whose schemas, parameters and path items refer to `specialPlaces`, with
    /// unused components that refer to them too.
    static func specialReferences(_ random: inout SeededGenerator) -> [UInt8] {
        func reference() -> String {
            let place = random.pick(specialPlaces)
            let fragment = place.hasPrefix("#") ? "" : random.pick(["#/Remote", "#/X", "#/Canary", "", "#"])
            return "{$ref: \"\(place)\(fragment)\"}"
        }
        func property(_ index: Int) -> String {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return "p\(index): {type: string, title: Field \(index)}"
            case 1: return "p\(index): {allOf: [\(reference())]}"
            case 2: return "p\(index): {type: array, items: \(reference())}"
            case 3: return "p\(index): {anyOf: [\(reference()), {type: \"null\"}]}"
            default: return "p\(index): \(reference())"
            }
        }
        var lines = [
            "openapi: 3.1.0", "info: {title: Special, version: \"1\"}", "servers: [{url: \"http://127.0.0.1:9\"}]",
            "paths:",
        ]
        for operation in 0..<Int.random(in: 1...3, using: &random) {
            lines.append("  /op\(operation):")
            if random.chance(1, in: 6) {
                lines.append("    $ref: \"\(random.pick(specialPlaces))#/paths/~1x\"")
                continue
            }
            lines += ["    post:", "      operationId: op\(operation)", "      summary: Operation \(operation)"]
            if random.chance(1, in: 3) { lines += ["      parameters:", "        - \(reference())"] }
            lines += [
                "      requestBody:", "        content:", "          application/json:", "            schema:",
                "              type: object", "              required: [p0]", "              properties:",
            ]
            for index in 0..<Int.random(in: 1...4, using: &random) {
                lines.append("                " + property(index))
            }
        }
        lines += ["components:", "  schemas:", "    Local: {type: object, properties: {a: {type: string}}}"]
        for index in 0..<Int.random(in: 0...4, using: &random) { lines.append("    Unused\(index): \(reference())") }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }
}
