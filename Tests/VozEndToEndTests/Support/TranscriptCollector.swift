import Foundation

/// Keeps a copy of every transcript that a `voz run`, `voz demo`, `voz say` or `voz wrap` of the end-to-end tests wrote, with
/// the form it ran, so that `make test` can audit them all with `voz audit --transcript` once the suites have run
/// (scripts/audit-transcripts). A test's own folder is removed when the test ends; the copy is what outlives it.
///
/// Voz passing its own audit is a property of every session the tests drive, not of the one or two a test audits
/// on purpose: a sentence added anywhere that the audit would flag fails the suite.
enum TranscriptCollector {
    /// Where the copies go: `$VOZ_TEST_TRANSCRIPTS`, or `.build/test-transcripts` in the package.
    static var folder: URL {
        if let named = ProcessInfo.processInfo.environment["VOZ_TEST_TRANSCRIPTS"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        return VozProcess.packageRoot.appendingPathComponent(".build/test-transcripts")
    }

    /// The commands whose transcripts are Voz's own sessions.
    private static let sessionCommands: Set<String> = ["run", "demo", "say", "wrap"]

    // MARK: - Keeping

    /// Copies the transcript that `arguments` named, if the command wrote one, with the form it ran beside it, and
    /// looks for what was typed into a sensitive field in every file the run left in its home (see `leaks`).
    static func keep(arguments: [String], input: Data, environment: [String: String], directory: URL) {
        guard let command = arguments.first, sessionCommands.contains(command),
            let flag = arguments.firstIndex(of: "--transcript"), flag + 1 < arguments.count
        else { return }
        let transcript = resolve(arguments[flag + 1], in: directory)
        // A file planted where the transcript goes (a test of Voz refusing to write over it) is not Voz's.
        guard let data = try? Data(contentsOf: transcript), data.first == UInt8(ascii: "{") else { return }
        let manager = FileManager.default
        try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "\(command)-\(UUID().uuidString)"
        let copy = folder.appendingPathComponent("\(name).jsonl")
        guard (try? data.write(to: copy)) != nil else { return }
        var formData: Data?
        if command == "run", let form = formPath(arguments) {
            formData = try? Data(contentsOf: resolve(form, in: directory))
            try? formData?.write(to: folder.appendingPathComponent("\(name).form.json"))
        }
        let origin = arguments.joined(separator: " ")
        try? Data((origin + "\n").utf8).write(to: folder.appendingPathComponent("\(name).args"))
        if let home = environment["HOME"] {
            let answers = value(of: "--answers", in: arguments).map { resolve($0, in: directory) }
            let typed = answers.flatMap { try? Data(contentsOf: $0) } ?? input
            let found = leaks(
                typed: typed, transcript: data, form: formData ?? Data(), home: URL(fileURLWithPath: home),
                except: answers)
            if !found.isEmpty {
                let report = found.map { "\(origin)\n  \($0)\n" }.joined()
                try? Data(report.utf8).write(to: folder.appendingPathComponent("\(name).leaks"))
            }
        }
    }

    // MARK: - Sensitive values at rest

    /// The files under `home` that hold a value typed into a sensitive field. The transcript marks each such input
    /// `hidden`; the lines typed are paired with the transcript's inputs in order. Left out: values under six
    /// characters (an expiry month), found in any file by chance; a value the form itself gives as its example,
    /// which Voz says aloud on purpose; commands; and a line also typed at an ordinary field.
    static func leaks(typed: Data, transcript: Data, form: Data, home: URL, except skipped: URL?) -> [String] {
        let lines = String(decoding: typed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let inputs = transcript.split(separator: UInt8(ascii: "\n")).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
        }.filter { $0["kind"] as? String == "input" }
        // Paired only when every line typed is one input of the transcript: a hostile answers file (NUL bytes,
        // invalid UTF-8, carriage returns) is read in lines this split does not reproduce, and a pairing off by
        // one would call an ordinary answer sensitive.
        let typedLines = lines.last?.isEmpty == true ? lines.dropLast() : lines[...]
        guard typedLines.count == inputs.count else { return [] }
        var sensitive: Set<String> = []
        var ordinary: Set<String> = []
        for (index, event) in inputs.enumerated() {
            let value = typedLines[typedLines.startIndex + index].trimmingCharacters(in: .whitespaces)
            if event["detail"] as? String == "hidden" { sensitive.insert(value) } else { ordinary.insert(value) }
        }
        // A command typed at a hidden prompt is hidden too, but it is no value; and a line also typed at an
        // ordinary field, or within one (a hostile file's runs of one letter), is rightly found where that field's
        // answer is kept.
        // Past a thousand bytes a line is a hostile file's, not a card or a password, and searching for it in
        // every other line would cost the product of their lengths.
        let ordinaryBytes = ordinary.filter { $0.utf8.count <= 1_000 }.map { Data($0.utf8) }
        sensitive = sensitive.filter { value in
            let bytes = Data(value.utf8)
            return bytes.count >= 6 && bytes.count <= 1_000 && !value.hasPrefix(":")
                && !ordinaryBytes.contains { $0.range(of: bytes) != nil } && form.range(of: bytes) == nil
        }
        guard !sensitive.isEmpty,
            let walker = FileManager.default.enumerator(at: home, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var found: [String] = []
        for case let file as URL in walker where file.standardizedFileURL != skipped?.standardizedFileURL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let bytes = try? Data(contentsOf: file)
            else { continue }
            for value in sensitive where bytes.range(of: Data(value.utf8)) != nil {
                found.append("\(file.path) holds a value typed into a sensitive field")
            }
        }
        return found
    }

    private static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    // MARK: - Reading the command line

    /// The form file of `voz run FORM …`: the first argument after `run` that is not an option or an option's value.
    /// A run built from `--openapi` has none; its transcript is audited on its own.
    private static func formPath(_ arguments: [String]) -> String? {
        guard !arguments.contains("--openapi") else { return nil }
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--") {
                index += argument.contains("=") || flagsWithoutValue.contains(argument) ? 1 : 2
                continue
            }
            return argument
        }
        return nil
    }

    /// `voz run`'s options that take no value.
    private static let flagsWithoutValue: Set<String> = ["--no-draft", "--allow-insecure"]

    private static func resolve(_ path: String, in directory: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
    }
}
