import Foundation

/// Keeps a copy of every transcript that a `voz run`, `voz demo` or `voz say` of the end-to-end tests wrote, with
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
    private static let sessionCommands: Set<String> = ["run", "demo", "say"]

    // MARK: - Keeping

    /// Copies the transcript that `arguments` named, if the command wrote one, with the form it ran beside it.
    static func keep(arguments: [String], directory: URL) {
        guard let command = arguments.first, sessionCommands.contains(command),
            let flag = arguments.firstIndex(of: "--transcript"), flag + 1 < arguments.count
        else { return }
        let transcript = resolve(arguments[flag + 1], in: directory)
        guard let data = try? Data(contentsOf: transcript), !data.isEmpty else { return }
        let manager = FileManager.default
        try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "\(command)-\(UUID().uuidString)"
        let copy = folder.appendingPathComponent("\(name).jsonl")
        guard (try? data.write(to: copy)) != nil else { return }
        if command == "run", let form = formPath(arguments),
            let formData = try? Data(contentsOf: resolve(form, in: directory))
        {
            try? formData.write(to: folder.appendingPathComponent("\(name).form.json"))
        }
        let origin = arguments.joined(separator: " ")
        try? Data((origin + "\n").utf8).write(to: folder.appendingPathComponent("\(name).args"))
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
