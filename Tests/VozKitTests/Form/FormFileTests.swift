import Foundation
import Testing

@testable import VozForm
@testable import VozKit

/// Where the test fixtures and examples live, found from this file so no bundle lookup is needed.
enum FormFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let malformed = root.appendingPathComponent("Fixtures/Form/malformed")
    static let examples = root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "examples")

    static func data(_ url: URL) throws -> Data { try Data(contentsOf: url) }
}

@Suite struct FormFileTests {
    // MARK: - Malformed files, each with its exact sentence

    static let malformed: [(String, String)] = [
        (
            "unknown-kind.json",
            "unknown-kind.json: fields[2].kind: expected one of text, email, secret, number, integer, choice, "
                + "multichoice, confirm, multiline, list, group, found \"texto\"."
        ),
        (
            "unknown-key.json",
            "unknown-key.json: fields[0].colour: unknown key; expected one of id, label, kind, required, hint, "
                + "placeholder, default, options, rules, purpose, serverNames, path, in, when, nullWhenEmpty, "
                + "mustAccept, items, fields, itemLabel."
        ),
        (
            "duplicate-id.json",
            "duplicate-id.json: fields[1].id: the id \"email\" is already used by fields[0]; each field needs its own id."
        ),
        (
            "missing-label.json",
            "missing-label.json: fields[0]: missing key \"label\"; expected a label, the name the user hears."
        ),
        (
            "empty-label.json",
            "empty-label.json: fields[0].label: expected a label, the name the user hears, found \"  \"."
        ),
        (
            "choice-without-options.json",
            "choice-without-options.json: fields[0]: a choice field needs \"options\", a list of objects with a value "
                + "and a label."
        ),
        (
            "duplicate-option.json",
            "duplicate-option.json: fields[0].options[2].value: the value \"pro\" is already used by options[1]; each "
                + "option needs its own value."
        ),
        (
            "invalid-regex.json",
            "invalid-regex.json: fields[0].rules.pattern: \"[a-z\" is not a valid regular expression."
        ),
        (
            "backtracking.json",
            "backtracking.json: fields[0].rules.pattern: \"(a+)+$\" is liable to catastrophic backtracking: a repeated "
                + "group contains a part that also repeats; rewrite it so that each part of an answer can match in only "
                + "one way."
        ),
        (
            "ftp-url.json",
            "ftp-url.json: submit.url: expected an http or https address, found \"ftp://example.com/accounts\"."
        ),
        ("get-method.json", "get-method.json: submit.method: expected one of POST, PUT, PATCH, found \"GET\"."),
        (
            "min-length-over-max.json",
            "min-length-over-max.json: fields[0].rules: minLength 10 is greater than maxLength 5."
        ),
        ("min-over-max.json", "min-over-max.json: fields[0].rules: min 10 is greater than max 1."),
        (
            "bad-default.json",
            "bad-default.json: fields[0].default: expected a value a number field accepts, found \"abc\"."
        ),
        ("wrong-type.json", "wrong-type.json: fields[0].required: expected true or false, found \"yes\"."),
        ("empty-fields.json", "empty-fields.json: fields: expected at least one field, found an empty list."),
        (
            "header-injection.json",
            "header-injection.json: submit.headers.X-Note: expected a header value on one line, without control "
                + "characters, found \"a\\u{D}\\u{A}Host: evil\"."
        ),
        (
            "options-on-text.json",
            "options-on-text.json: fields[0].options: options belong only to choice and multichoice fields; this one is text."
        ),
        (
            "secret-default.json",
            "secret-default.json: fields[0].default: a secret field cannot have a default; secrets never belong in a form file."
        ),
        (
            "bad-purpose.json",
            "bad-purpose.json: fields[0].purpose: expected an autocomplete token such as name, email or new-password, "
                + "found a list."
        ),
        ("missing-submit.json", "missing-submit.json: missing key \"submit\"; expected the submit control."),
        (
            "label-not-string.json",
            "label-not-string.json: fields[0].label: expected a label, the name the user hears, found a list."
        ),
        (
            "negative-timeout.json",
            "negative-timeout.json: submit.timeoutSeconds: expected a number of seconds above 0 and at most 600, found -1."
        ),
        (
            "not-an-object.json",
            "not-an-object.json: expected a JSON object with id, title, fields and submit, found a list."
        ),
        (
            "trailing-comma.json",
            "trailing-comma.json: line 5: not valid JSON: expected a key in double quotes, found \"}\"."
        ),
        (
            "duplicate-key.json",
            "duplicate-key.json: line 4: not valid JSON: the key \"title\" appears twice in the same object."
        ),
        (
            "unclosed-string.json",
            "unclosed-string.json: line 2: not valid JSON: a string is not closed on its line; add the closing double "
                + "quote, or write a line break as \\n."
        ),
        (
            "lone-surrogate.json",
            "lone-surrogate.json: line 2: not valid JSON: the escape \\uD83D is half of a surrogate pair without its "
                + "other half."
        ),
        (
            "control-in-label.json",
            "control-in-label.json: fields[0].label: expected a label, the name the user hears, on one line and without "
                + "control characters, found \"Nombre\\u{1B}]0;hola\\u{7}\"."
        ),
        ("invalid-utf8.json", "invalid-utf8.json: line 3: the file is not UTF-8 text; save it as UTF-8."),
    ]

    @Test(arguments: malformed)
    func malformedFileGivesItsSentence(name: String, expected: String) throws {
        let data = try FormFixtures.data(FormFixtures.malformed.appendingPathComponent(name))
        #expect(throws: FormFileError.self) { try FormFile.decode(data: data, path: name) }
        do {
            _ = try FormFile.decode(data: data, path: name)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func everyMalformedFixtureIsInTheTable() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: FormFixtures.malformed.path)
        #expect(Set(names) == Set(Self.malformed.map(\.0)))
    }

    @Test func errorsKnowTheirLineAndPath() throws {
        let data = try FormFixtures.data(FormFixtures.malformed.appendingPathComponent("unknown-kind.json"))
        do {
            _ = try FormFile.decode(data: data, path: "unknown-kind.json")
            Issue.record("decoded a malformed form")
        } catch {
            #expect(error.path == "fields[2].kind")
            #expect(error.line == 18)
            #expect(error.file == "unknown-kind.json")
        }
    }

    // MARK: - Files on disk

    @Test func missingFileIsOneSentence() {
        #expect(
            throws: FormFileError.unreadable(
                file: "examples/does-not-exist.json", reason: FormProblem("formFile.reason.noFile"))
        ) {
            try FormFile.load(path: "examples/does-not-exist.json")
        }
        let error = FormFileError.unreadable(file: "x.json", reason: FormProblem("formFile.reason.noFile"))
        #expect(error.description == "x.json: cannot read the form file: there is no file with that name.")
    }

    @Test func folderIsRefused() {
        #expect(throws: FormFileError.unreadable(file: "/tmp", reason: FormProblem("formFile.reason.folder"))) {
            try FormFile.load(path: "/tmp")
        }
    }

    @Test func hugeFileIsRefusedBeforeItIsRead() throws {
        let path = NSTemporaryDirectory() + "voz-huge-\(UUID().uuidString).json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        // A sparse 50 MiB file: reading it whole would take time and memory the check must not spend.
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        let started = Date()
        #expect(throws: FormFileError.tooLarge(file: path, limit: FormFile.maxBytes)) { try FormFile.load(path: path) }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(
            FormFileError.tooLarge(file: "big.json", limit: FormFile.maxBytes).description
                == "big.json: the file is larger than 4 MiB, the most a form file may be.")
    }

    @Test func endlessDeviceIsRefused() {
        #expect(throws: FormFileError.tooLarge(file: "/dev/zero", limit: FormFile.maxBytes)) {
            try FormFile.load(path: "/dev/zero")
        }
    }

    @Test func deepNestingIsASentenceNotACrash() {
        let deep = Data(("{\"id\":" + String(repeating: "[", count: 10_000)).utf8)
        #expect(throws: FormFileError.self) { try FormFile.decode(data: deep, path: "deep.json") }
        do {
            _ = try FormFile.decode(data: deep, path: "deep.json")
        } catch {
            #expect(
                error.description
                    == "deep.json: line 1: not valid JSON: arrays and objects are nested deeper than 64 levels.")
        }
    }
}
