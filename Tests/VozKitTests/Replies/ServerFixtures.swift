import Foundation

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies

/// The test form and the recorded server replies (`Fixtures/Server/*.http`: status line, headers, blank line,
/// body — exactly as each framework sends them).
enum ServerFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Server")

    /// The secret the user typed; it must never come back out of Voz.
    static let secret = "hunter2"

    static let form = Form(
        id: "crear-cuenta",
        title: "Crear cuenta",
        locale: "es",
        fields: [
            Field(id: "fullName", label: "Nombre completo", required: true, serverNames: ["name"]),
            Field(
                id: "email", label: "Correo electrónico", kind: .email, required: true, serverNames: ["emailAddress"]),
            Field(id: "password", label: "Contraseña", kind: .secret, required: true),
            Field(id: "city", label: "Ciudad", serverNames: ["address.city"]),
            Field(id: "qty", label: "Cantidad", kind: .number),
            Field(id: "coupon", label: "Cupón", serverNames: ["coupon_code"]),
        ],
        submit: SubmitSpec(label: "Crear cuenta", url: URL(fileURLWithPath: "/accounts")))

    static let submitted = FormValues([
        "fullName": .text("Ana Pérez"), "email": .text("ana@"), "password": .text(secret), "qty": .number(0),
    ])

    static let spanish = Localizer(language: .es)

    static let english = Localizer(language: .en)

    static var fixtureNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".http") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Reads a recorded reply.
    static func reply(_ name: String) throws -> HTTPReply {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(name).http"))
        let bytes = [UInt8](data)
        let crlf = bytes.firstRange(of: [13, 10, 13, 10] as [UInt8])
        let lf = bytes.firstRange(of: [10, 10] as [UInt8])
        guard let split = crlf ?? lf else { throw FixtureError.malformed(name) }
        let head = String(decoding: bytes[..<split.lowerBound], as: UTF8.self)
        let lines = head.split(whereSeparator: \.isNewline).map(String.init)
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
            let status = Int(statusLine.split(separator: " ")[1])
        else { throw FixtureError.malformed(name) }
        let headers = lines.dropFirst().compactMap { line -> HTTPHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPHeader(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return HTTPReply(status: status, headers: headers, body: Data(bytes[split.upperBound...]))
    }

    enum FixtureError: Error { case malformed(String) }
}
