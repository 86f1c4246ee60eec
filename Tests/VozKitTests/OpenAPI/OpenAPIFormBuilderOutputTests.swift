import Foundation
import Testing
import VozJSON

@testable import VozKit
@testable import VozOpenAPI

@Suite("What a generated form carries besides its fields: spec lines, locale, distinct ids, its server")
struct OpenAPIFormBuilderOutputTests {
    private func document(_ text: String, file: String = "api.yaml") throws -> SpecDocument {
        try SpecDocument.decode(bytes: Array(text.utf8), file: file, isJSON: false)
    }

    static let collision = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        servers: [{url: "https://api.example.com/v1"}]
        paths:
          /items/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string, title: Item number}}
            put:
              operationId: putItem
              parameters:
                - {name: id, in: query, schema: {type: string, title: Version}}
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        id: {type: string, title: New number}
                        name: {type: string, title: Name}
        """

    @Test("A path parameter, a query parameter and a body member all named id get three ids, each sent by its name")
    func collidingNamesGetDistinctIDs() throws {
        let output = try OpenAPIFormBuilder.form(
            openAPI: try document(Self.collision), operation: "putItem", server: nil)
        let form = try output.document(path: "api.yaml").form
        #expect(form.fields.map(\.id) == ["id-path", "id", "id-body", "name"])
        #expect(form.fields.map(\.label) == ["Item number", "Version", "New number", "Name"])
        #expect(form.fields.map(\.location) == [.path, .query, .body, .body])
        #expect(form.submit.urlTemplate == "https://api.example.com/v1/items/{id-path}")
        let body = try #require(form.fields.first { $0.id == "id-body" })
        #expect(body.path == ["id"])
        #expect(Set(form.fields.map(\.id)).count == form.fields.count)
    }

    @Test("The source map points each part of the form at its line of the description")
    func sourceMap() throws {
        let output = try OpenAPIFormBuilder.form(
            openAPI: try document(Self.collision), operation: "putItem", server: nil)
        let map = output.sourceMap
        #expect(map.line(for: "fields[0].label") == 7)
        #expect(map.line(for: "fields[2].label") == 18)
        #expect(map.line(for: "fields[3].rules") == 19)
        #expect(map.line(for: "submit.busyLabel") == 8)
        #expect(map.line(for: "title") == 8)
    }

    @Test("The form's locale is the user's language, its busy label in it; the labels stay the description's words")
    func localeFollowsTheUser() throws {
        let output = try OpenAPIFormBuilder.form(
            openAPI: try document(Self.collision), operation: "putItem", server: nil, language: .de)
        let form = try output.document(path: "api.yaml").form
        #expect(form.locale == "de")
        #expect(form.submit.busyLabel == "Wird gesendet")
        #expect(form.fields.first?.label == "Item number")
    }

    @Test(
        "A relative server resolves against the address the description was fetched from",
        arguments: [
            ("servers: [{url: /}]", "http://127.0.0.1:8080/accounts"),
            ("servers: [{url: /v2}]", "http://127.0.0.1:8080/v2/accounts"),
            ("", "http://127.0.0.1:8080/accounts"),
        ])
    func relativeServer(servers: String, url: String) throws {
        let text = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            \(servers)
            paths:
              /accounts:
                post:
                  operationId: create
                  requestBody:
                    content:
                      application/json:
                        schema: {type: object, properties: {name: {type: string}}}
            """
        let fetched = try document(text, file: "http://127.0.0.1:8080/openapi.json")
        let output = try OpenAPIFormBuilder.form(openAPI: fetched, operation: "create", server: nil)
        #expect(try output.document(path: "x").form.submit.url.absoluteString == url)
        #expect(throws: SpecError.self) {
            try OpenAPIFormBuilder.form(openAPI: try document(text, file: "api.yaml"), operation: "create", server: nil)
        }
    }
}
