import Foundation
import Testing

/// Installs voz into a temporary prefix with scripts/install (the same script `make install` and `make deb`
/// use, given the debug binary so no release build is needed), then runs the installed copy from another folder
/// with a clean environment, as someone would whose source tree is gone.
@Suite struct InstallTests {
    /// A prefix with voz installed in it, and a folder outside both it and the source tree.
    struct Installation {
        var base: URL
        var prefix: URL { base.appendingPathComponent("prefix") }
        var elsewhere: URL { base.appendingPathComponent("elsewhere") }
        var voz: String { prefix.appendingPathComponent("bin/voz").path }
        /// Only what a login shell would have: no Swift toolchain on PATH, no VOZ_ variables.
        var environment: [String: String] {
            ["HOME": elsewhere.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        }

        init() async throws {
            base = try VozProcess.temporaryFolder("install")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            let result = try await InstallTests.script([
                "--binary", VozProcess.executable.path, "--prefix", prefix.path,
            ])
            #expect(result.status == 0, "scripts/install said: \(result.error)")
        }

        func remove() { try? FileManager.default.removeItem(at: base) }
    }

    static func script(_ arguments: [String]) async throws -> ChildProcess.Finished {
        let script = VozProcess.packageRoot.appendingPathComponent("scripts/install").path
        return try await ChildProcess.run(
            executable: "/bin/sh", arguments: [script] + arguments, environment: ["PATH": "/usr/bin:/bin"],
            directory: FileManager.default.temporaryDirectory.path)
    }

    /// The example forms of the source tree, which the install must carry.
    static var sourceExamples: [String] {
        let folder = VozProcess.packageRoot.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    // MARK: - Tests

    @Test func installsEveryFileWhereTheManAndCompletionToolsLook() async throws {
        let installation = try await Installation()
        defer { installation.remove() }
        let prefix = installation.prefix
        #expect(FileManager.default.isExecutableFile(atPath: installation.voz))
        for path in ["share/man/man1/voz.1", "share/bash-completion/completions/voz", "share/voz"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
        }
        let installed =
            (try? FileManager.default.contentsOfDirectory(
                atPath: prefix.appendingPathComponent("share/voz/examples").path)) ?? []
        #expect(installed.sorted() == Self.sourceExamples)
    }

    @Test func theInstalledCopyRunsFromAnotherFolderWithACleanEnvironment() async throws {
        let installation = try await Installation()
        defer { installation.remove() }
        let version = try await ChildProcess.run(
            executable: installation.voz, arguments: ["--version"], environment: installation.environment,
            directory: installation.elsewhere.path)
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("voz "))
        #expect(version.error.isEmpty)

        // The installed examples, or (before the source tree has any) a known-good form copied outside it.
        let examples = installation.prefix.appendingPathComponent("share/voz/examples")
        var forms = Self.sourceExamples.map { examples.appendingPathComponent($0).path }
        if forms.isEmpty {
            let copy = installation.elsewhere.appendingPathComponent("form.json")
            try FileManager.default.copyItem(at: CompletionTests.formFixture, to: copy)
            forms = [copy.path]
        }
        let audit = try await ChildProcess.run(
            executable: installation.voz, arguments: ["audit"] + forms, environment: installation.environment,
            directory: installation.elsewhere.path)
        #expect(audit.status == 0, "voz audit of the installed forms: \(audit.output) \(audit.error)")

        // The catalogs are inside the binary: with the source tree out of reach, it still reports in French.
        var french = installation.environment
        french["LANG"] = "fr_FR.UTF-8"
        let report = try await ChildProcess.run(
            executable: installation.voz, arguments: ["audit"] + forms, environment: french,
            directory: installation.elsewhere.path)
        #expect(report.output.contains("Aucun problème"), "\(report.output) \(report.error)")
    }

    @Test func theInstalledCopyCompletesFieldIDsAndItsManPageRenders() async throws {
        let installation = try await Installation()
        defer { installation.remove() }
        let ids = try await ChildProcess.run(
            executable: installation.voz, arguments: ["--complete-fields", CompletionTests.formFixture.path],
            environment: installation.environment, directory: installation.elsewhere.path)
        #expect(ids.status == 0)
        #expect(ids.output.split(separator: "\n").contains("email"))
        let page = installation.prefix.appendingPathComponent("share/man/man1/voz.1").path
        let man = try await ChildProcess.run(
            executable: "/usr/bin/man", arguments: ["--warnings", "-l", page],
            environment: installation.environment.merging(["MANWIDTH": "80"]) { $1 })
        #expect(man.status == 0)
        #expect(man.error.isEmpty)
    }

    @Test func uninstallLeavesNoFileBehindAndDestdirStagesUnderIt() async throws {
        let base = try VozProcess.temporaryFolder("stage")
        defer { try? FileManager.default.removeItem(at: base) }
        let install = try await Self.script([
            "--binary", VozProcess.executable.path, "--prefix", "/usr", "--destdir", base.path, "--gzip-man",
        ])
        #expect(install.status == 0, "scripts/install said: \(install.error)")
        #expect(FileManager.default.isExecutableFile(atPath: base.appendingPathComponent("usr/bin/voz").path))
        #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent("usr/share/man/man1/voz.1.gz").path))

        let uninstall = try await Self.script(["--uninstall", "--prefix", "/usr", "--destdir", base.path])
        #expect(uninstall.status == 0)
        let left = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }.filter {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: base.appendingPathComponent($0).path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue
        }
        #expect(left == [], "files left after uninstall")
    }

    @Test func theScriptRefusesARelativePrefixAndAMissingBinary() async throws {
        let relative = try await Self.script(["--binary", VozProcess.executable.path, "--prefix", "local"])
        #expect(relative.status == 2)
        #expect(relative.error.contains("absolute path"))
        let missing = try await Self.script(["--prefix", "/tmp/nowhere"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("--binary FILE"))
    }
}
